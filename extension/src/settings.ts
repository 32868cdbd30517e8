// Reads the `codeeval.*` settings from VS Code and decides what a settings
// change means for the running server.

import type { ConfigurationChangeEvent, ConfigurationScope } from 'vscode';
import { ServerSettings, SERVER_SETTING_KEYS, SETTINGS_SECTION, normaliseSettings } from './serverSettings';
import * as api from './vscodeApi';

/** Settings only the client reads; changing one restarts the server. */
export const RESTART_SETTINGS = ['interpreter'] as const;

export interface ReadSettings {
  settings: ServerSettings;
  invalid: string[];
}

/** The server's settings as seen from `scope` (a folder or file), or window-wide. */
export function readServerSettings(scope?: ConfigurationScope): ReadSettings {
  const config = api.getConfiguration(SETTINGS_SECTION, scope);
  return normaliseSettings((key) => config.get(key));
}

/** `codeeval.interpreter` as written (blank means "not set"). */
export function readInterpreterSetting(scope?: ConfigurationScope): string | undefined {
  const value = api.getConfiguration(SETTINGS_SECTION, scope).get<unknown>('interpreter');
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : undefined;
}

export type SettingsChange = 'restart' | 'notify' | 'none';

/**
 * 'restart' when a client-only setting that decides how the server is started
 * changed; 'notify' when only server settings changed (sent as
 * workspace/didChangeConfiguration, no restart); 'none' otherwise.
 */
export function classifySettingsChange(event: ConfigurationChangeEvent): SettingsChange {
  if (RESTART_SETTINGS.some((key) => event.affectsConfiguration(`${SETTINGS_SECTION}.${key}`))) {
    return 'restart';
  }
  if (SERVER_SETTING_KEYS.some((key) => event.affectsConfiguration(`${SETTINGS_SECTION}.${key}`))) {
    return 'notify';
  }
  return 'none';
}
