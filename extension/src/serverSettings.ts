// The settings the language server reads (section `codeeval`): their types,
// defaults, and the payloads that carry them. Pure, so the integration test
// sends exactly what the extension sends. `package.json` must declare the same
// defaults; a unit test compares them.

export const SETTINGS_SECTION = 'codeeval';

export type RunMode = 'onSave' | 'onType';
export type DiagnosticLevel = 'error' | 'warning' | 'information' | 'hint';

export interface ServerSettings {
  problemsFolders: string[];
  run: RunMode;
  weights: Record<string, number>;
  limits: Record<string, number>;
  severityMap: Record<string, DiagnosticLevel>;
  enabledRules: string[] | null;
  disabledRules: string[];
  inlayHints: boolean;
}

const DEFAULTS: ServerSettings = {
  problemsFolders: ['problems'],
  run: 'onSave',
  weights: {},
  limits: {},
  severityMap: { critical: 'error', warning: 'warning', suggestion: 'information' },
  enabledRules: null,
  disabledRules: [],
  inlayHints: true,
};
export const DEFAULT_SERVER_SETTINGS: Readonly<ServerSettings> = Object.freeze(DEFAULTS);

/** Keys of ServerSettings, i.e. the `codeeval.*` settings sent to the server. */
export const SERVER_SETTING_KEYS = Object.keys(DEFAULT_SERVER_SETTINGS) as (keyof ServerSettings)[];

const RUN_MODES: readonly string[] = ['onSave', 'onType'];
const LEVELS: readonly string[] = ['error', 'warning', 'information', 'hint'];

function stringList(value: unknown): string[] | undefined {
  return Array.isArray(value) && value.every((v) => typeof v === 'string') ? [...value] : undefined;
}

function numberMap(value: unknown): Record<string, number> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const entries = Object.entries(value);
  return entries.every(([, v]) => typeof v === 'number' && Number.isFinite(v)) ? Object.fromEntries(entries) : undefined;
}

function severityMap(value: unknown): Record<string, DiagnosticLevel> | undefined {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return undefined;
  }
  const entries = Object.entries(value);
  if (!entries.every(([, v]) => typeof v === 'string' && LEVELS.includes(v))) {
    return undefined;
  }
  // A partial map keeps the defaults for the severities it does not name.
  return { ...DEFAULT_SERVER_SETTINGS.severityMap, ...(Object.fromEntries(entries) as Record<string, DiagnosticLevel>) };
}

export interface NormalisedSettings {
  settings: ServerSettings;
  /** Keys whose value had the wrong shape and were replaced by the default. */
  invalid: string[];
}

/**
 * Builds ServerSettings from raw values (`get(key)` returns what the user
 * wrote, or undefined). A value of the wrong shape falls back to the default
 * and is reported, rather than reaching the server.
 */
export function normaliseSettings(get: (key: keyof ServerSettings) => unknown): NormalisedSettings {
  const invalid: string[] = [];
  const d = DEFAULT_SERVER_SETTINGS;
  function pick<T>(key: keyof ServerSettings, parse: (raw: unknown) => T | undefined, fallback: T): T {
    const raw = get(key);
    if (raw === undefined) {
      return fallback;
    }
    const parsed = parse(raw);
    if (parsed === undefined) {
      invalid.push(key);
      return fallback;
    }
    return parsed;
  }
  const settings: ServerSettings = {
    problemsFolders: pick('problemsFolders', stringList, [...d.problemsFolders]),
    run: pick('run', (raw) => (typeof raw === 'string' && RUN_MODES.includes(raw) ? (raw as RunMode) : undefined), d.run),
    weights: pick('weights', numberMap, { ...d.weights }),
    limits: pick('limits', numberMap, { ...d.limits }),
    severityMap: pick('severityMap', severityMap, { ...d.severityMap }),
    enabledRules: pick('enabledRules', (raw) => (raw === null ? null : stringList(raw)), d.enabledRules),
    disabledRules: pick('disabledRules', stringList, [...d.disabledRules]),
    inlayHints: pick('inlayHints', (raw) => (typeof raw === 'boolean' ? raw : undefined), d.inlayHints),
  };
  return { settings, invalid };
}

/** `initialize` params' initializationOptions: the settings under their section name. */
export function initializationOptions(settings: ServerSettings): { [SETTINGS_SECTION]: ServerSettings } {
  return { [SETTINGS_SECTION]: settings };
}

/** `workspace/didChangeConfiguration` params: the same shape as initializationOptions. */
export function didChangeConfigurationParams(settings: ServerSettings): { settings: { [SETTINGS_SECTION]: ServerSettings } } {
  return { settings: initializationOptions(settings) };
}
