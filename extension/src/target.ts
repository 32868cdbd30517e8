// Which document a command acts on: the resource a menu passed, a server
// code lens's `{uri}` argument, or the active Python editor.

import type { Uri } from 'vscode';
import * as api from './vscodeApi';

function isUri(value: unknown): value is Uri {
  return value instanceof api.Uri;
}

/** The document a command was invoked for, or undefined when there is none. */
export function commandTarget(arg: unknown): Uri | undefined {
  if (isUri(arg)) {
    return arg;
  }
  if (typeof arg === 'string' && arg !== '') {
    return api.Uri.parse(arg);
  }
  const uri = (arg as { uri?: unknown } | null | undefined)?.uri;
  if (uri !== undefined) {
    return commandTarget(uri);
  }
  const editor = api.activeTextEditor();
  return editor?.document.languageId === 'python' ? editor.document.uri : undefined;
}

/** Last path segment of a URI, for messages. */
export function baseName(uri: Uri): string {
  return uri.path.split('/').pop() || uri.toString();
}

/** Turns a path or URI string from the server into a Uri; relative paths are taken from `base`. */
export function uriFromServer(value: string, base: Uri | undefined): Uri {
  if (/^[a-zA-Z][\w+.-]+:\/\//.test(value)) {
    return api.Uri.parse(value);
  }
  const absolute = value.startsWith('/') || /^[a-zA-Z]:[\\/]/.test(value);
  if (absolute || !base) {
    return api.Uri.file(value);
  }
  return api.Uri.joinPath(base, value);
}
