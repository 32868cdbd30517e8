// A small stand-in for the `vscode` module, loaded in its place by
// register.ts. It implements only what src/vscodeApi.ts and
// vscode-languageclient's stub use, records what the extension does, and
// lets a test script the user's answers through `fake`.

import * as path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { readManifest } from '../paths';

export const version = '1.91.0';

export class Uri {
  private constructor(
    readonly scheme: string,
    readonly path: string,
    private readonly text: string,
  ) {}

  static parse(value: string): Uri {
    const scheme = /^([a-zA-Z][\w+.-]*):/.exec(value)?.[1];
    if (!scheme) {
      throw new Error(`not a URI: ${value}`);
    }
    if (scheme === 'file') {
      return Uri.file(fileURLToPath(value));
    }
    return new Uri(scheme, value.slice(scheme.length + 1), value);
  }

  static file(fsPath: string): Uri {
    return new Uri('file', fsPath, pathToFileURL(fsPath).href);
  }

  static joinPath(base: Uri, ...segments: string[]): Uri {
    return Uri.file(path.posix.join(base.path, ...segments));
  }

  get fsPath(): string {
    return this.path;
  }

  toString(): string {
    return this.text;
  }
}

export class Disposable {
  constructor(private readonly onDispose: () => void) {}
  dispose(): void {
    this.onDispose();
  }
}

type Listener<T> = (event: T) => unknown;

export class EventEmitter<T> {
  private listeners = new Set<Listener<T>>();
  readonly event = (listener: Listener<T>): Disposable => {
    this.listeners.add(listener);
    return new Disposable(() => this.listeners.delete(listener));
  };
  fire(event: T): void {
    [...this.listeners].forEach((listener) => listener(event));
  }
  dispose(): void {
    this.listeners.clear();
  }
}

export class CancellationTokenSource {
  private readonly emitter = new EventEmitter<void>();
  readonly token = {
    isCancellationRequested: false,
    onCancellationRequested: this.emitter.event,
  };
  cancel(): void {
    if (!this.token.isCancellationRequested) {
      this.token.isCancellationRequested = true;
      this.emitter.fire();
    }
  }
  dispose(): void {
    this.emitter.dispose();
  }
}

export enum ProgressLocation {
  SourceControl = 1,
  Window = 10,
  Notification = 15,
}

export enum StatusBarAlignment {
  Left = 1,
  Right = 2,
}

export class ThemeColor {
  constructor(readonly id: string) {}
}

export class ThemeIcon {
  constructor(
    readonly id: string,
    readonly color?: ThemeColor,
  ) {}
}

export class MarkdownString {
  constructor(public value = '') {}
}

export enum TreeItemCollapsibleState {
  None = 0,
  Collapsed = 1,
  Expanded = 2,
}

export class TreeItem {
  description?: string;
  tooltip?: string | MarkdownString;
  iconPath?: ThemeIcon;
  command?: { title: string; command: string; arguments?: unknown[] };
  resourceUri?: Uri;
  constructor(
    readonly label: string,
    readonly collapsibleState: TreeItemCollapsibleState = TreeItemCollapsibleState.None,
  ) {}
}

// ---- what the extension did, and how the "user" answers -------------------

export interface FakeDocument {
  uri: Uri;
  languageId: string;
  isDirty: boolean;
  saves: number;
  save(): Promise<boolean>;
}

export interface FakeStatusBarItem {
  id: string;
  alignment: StatusBarAlignment;
  priority: number;
  name?: string;
  text: string;
  tooltip?: string | MarkdownString;
  command?: string | { command: string; arguments?: unknown[] };
  backgroundColor?: ThemeColor;
  visible: boolean;
  show(): void;
  hide(): void;
  dispose(): void;
}

export interface ProgressRecord {
  options: { title?: string; cancellable?: boolean; location: ProgressLocation };
  reports: { message?: string; increment?: number }[];
  cancel(): void;
}

export type MessageLevel = 'error' | 'warning' | 'information';

interface FakeState {
  configuration: Map<string, unknown>;
  commands: Map<string, (...args: unknown[]) => unknown>;
  executed: { id: string; args: unknown[] }[];
  messages: { level: MessageLevel; message: string; actions: string[] }[];
  /** Which button the user presses on a message (undefined: dismissed). */
  answerMessage: (message: string, actions: string[]) => string | undefined;
  quickPicks: { items: { label: string }[]; options: unknown }[];
  /** Which QuickPick item the user picks (undefined: dismissed). */
  answerQuickPick: <T extends { label: string }>(items: readonly T[]) => T | undefined;
  inputBoxes: { title?: string; prompt?: string; validateInput?: (value: string) => unknown }[];
  /** What the user types in an input box (undefined: Escape). */
  answerInputBox: (options: { title?: string; prompt?: string }) => string | undefined;
  openDialogs: unknown[];
  /** The folders or files the user picks in an open dialog (undefined: cancelled). */
  answerOpenDialog: () => Uri[] | undefined;
  statusBarMessages: string[];
  /** What `languages.getDiagnostics(uri)` returns, by URI string. */
  diagnostics: Map<string, { message: string; code?: string | number; data?: unknown }[]>;
  progress: ProgressRecord[];
  /** Called when a progress notification opens (a test may cancel it there). */
  onProgress: (record: ProgressRecord) => void;
  statusBarItems: FakeStatusBarItem[];
  log: { level: string; message: string }[];
  outputShown: number;
  activeTextEditor: { document: FakeDocument } | undefined;
  documents: FakeDocument[];
  shownDocuments: Uri[];
  workspaceFolders: { uri: Uri; name: string; index: number }[];
  extensions: Map<string, unknown>;
  treeViews: { id: string; provider: unknown }[];
}

function freshState(): FakeState {
  return {
    configuration: new Map(),
    commands: new Map(),
    executed: [],
    messages: [],
    answerMessage: () => undefined,
    quickPicks: [],
    answerQuickPick: () => undefined,
    inputBoxes: [],
    answerInputBox: () => undefined,
    openDialogs: [],
    answerOpenDialog: () => undefined,
    statusBarMessages: [],
    diagnostics: new Map(),
    progress: [],
    onProgress: () => undefined,
    statusBarItems: [],
    log: [],
    outputShown: 0,
    activeTextEditor: undefined,
    documents: [],
    shownDocuments: [],
    workspaceFolders: [],
    extensions: new Map(),
    treeViews: [],
  };
}

const configurationEmitter = new EventEmitter<{ affectsConfiguration(section: string): boolean }>();
const activeEditorEmitter = new EventEmitter<unknown>();
const trustEmitter = new EventEmitter<void>();
const diagnosticsEmitter = new EventEmitter<{ uris: readonly Uri[] }>();
const saveEmitter = new EventEmitter<FakeDocument>();

export const fake = {
  state: freshState(),

  reset(): void {
    fake.state = freshState();
  },

  /** Opens `fsPath` in an editor and makes it the active one. */
  openEditor(fsPath: string, languageId = 'python', isDirty = false): FakeDocument {
    const document: FakeDocument = {
      uri: Uri.file(fsPath),
      languageId,
      isDirty,
      saves: 0,
      save: async () => {
        document.isDirty = false;
        document.saves++;
        return true;
      },
    };
    fake.state.documents.push(document);
    fake.state.activeTextEditor = { document };
    activeEditorEmitter.fire(fake.state.activeTextEditor);
    return document;
  },

  closeEditors(): void {
    fake.state.activeTextEditor = undefined;
    activeEditorEmitter.fire(undefined);
  },

  /** Changes settings (full keys, e.g. "codeeval.weights") and tells the listeners. */
  changeConfiguration(values: Record<string, unknown>): void {
    const keys = Object.keys(values);
    for (const key of keys) {
      fake.state.configuration.set(key, values[key]);
    }
    configurationEmitter.fire({
      affectsConfiguration: (section) => keys.some((key) => key === section || key.startsWith(`${section}.`)),
    });
  },

  grantTrust(): void {
    trustEmitter.fire();
  },

  /** The diagnostics of these documents changed (the language server published). */
  changeDiagnostics(...uris: Uri[]): void {
    diagnosticsEmitter.fire({ uris });
  },

  saveDocument(document: FakeDocument): void {
    saveEmitter.fire(document);
  },

  messageTexts(level?: MessageLevel): string[] {
    return fake.state.messages.filter((m) => !level || m.level === level).map((m) => m.message);
  },
};

// Defaults as VS Code would read them from package.json.
const declaredDefaults = new Map<string, unknown>(
  Object.entries(readManifest().contributes.configuration.properties).map(([key, schema]) => [key, (schema as { default?: unknown }).default]),
);

function message(level: MessageLevel) {
  return (text: string, ...actions: string[]): Promise<string | undefined> => {
    fake.state.messages.push({ level, message: text, actions });
    return Promise.resolve(fake.state.answerMessage(text, actions));
  };
}

function logChannel(name: string) {
  const write = (level: string) => (text: string) => fake.state.log.push({ level, message: text });
  return {
    name,
    trace: write('trace'),
    debug: write('debug'),
    info: write('info'),
    warn: write('warn'),
    error: write('error'),
    append: write('info'),
    appendLine: write('info'),
    show: () => fake.state.outputShown++,
    hide: () => undefined,
    clear: () => undefined,
    dispose: () => undefined,
  };
}

export const window = {
  get activeTextEditor() {
    return fake.state.activeTextEditor;
  },
  onDidChangeActiveTextEditor: activeEditorEmitter.event,
  showErrorMessage: message('error'),
  showWarningMessage: message('warning'),
  showInformationMessage: message('information'),
  showQuickPick<T extends { label: string }>(items: readonly T[], options: unknown): Promise<T | undefined> {
    fake.state.quickPicks.push({ items: [...items], options });
    return Promise.resolve(fake.state.answerQuickPick(items));
  },
  async withProgress<R>(
    options: ProgressRecord['options'],
    task: (progress: { report(value: { message?: string; increment?: number }): void }, token: unknown) => Promise<R>,
  ): Promise<R> {
    const source = new CancellationTokenSource();
    const record: ProgressRecord = { options, reports: [], cancel: () => source.cancel() };
    fake.state.progress.push(record);
    fake.state.onProgress(record);
    return task({ report: (value) => record.reports.push(value) }, source.token);
  },
  showInputBox(options: { title?: string; prompt?: string; validateInput?: (value: string) => unknown }): Promise<string | undefined> {
    fake.state.inputBoxes.push(options);
    return Promise.resolve(fake.state.answerInputBox(options));
  },
  showOpenDialog(options: unknown): Promise<Uri[] | undefined> {
    fake.state.openDialogs.push(options);
    return Promise.resolve(fake.state.answerOpenDialog());
  },
  setStatusBarMessage(text: string): Disposable {
    fake.state.statusBarMessages.push(text);
    return new Disposable(() => undefined);
  },
  createOutputChannel: (name: string) => logChannel(name),
  createStatusBarItem(id: string, alignment: StatusBarAlignment, priority: number): FakeStatusBarItem {
    const item: FakeStatusBarItem = {
      id,
      alignment,
      priority,
      text: '',
      visible: false,
      show: () => {
        item.visible = true;
      },
      hide: () => {
        item.visible = false;
      },
      dispose: () => {
        item.visible = false;
      },
    };
    fake.state.statusBarItems.push(item);
    return item;
  },
  showTextDocument(uri: Uri): Promise<void> {
    fake.state.shownDocuments.push(uri);
    return Promise.resolve();
  },
  createTreeView(id: string, options: { treeDataProvider: unknown }) {
    fake.state.treeViews.push({ id, provider: options.treeDataProvider });
    return new Disposable(() => undefined);
  },
};

export const languages = {
  onDidChangeDiagnostics: diagnosticsEmitter.event,
  getDiagnostics(uri: Uri) {
    return fake.state.diagnostics.get(uri.toString()) ?? [];
  },
};

export const commands = {
  registerCommand(id: string, handler: (...args: unknown[]) => unknown): Disposable {
    if (fake.state.commands.has(id)) {
      // VS Code refuses a second registration of the same id, too.
      throw new Error(`command '${id}' already exists`);
    }
    fake.state.commands.set(id, handler);
    return new Disposable(() => fake.state.commands.delete(id));
  },
  async executeCommand(id: string, ...args: unknown[]): Promise<unknown> {
    fake.state.executed.push({ id, args });
    const handler = fake.state.commands.get(id);
    return handler ? handler(...args) : undefined;
  },
};

export const workspace = {
  getConfiguration(section: string) {
    return {
      get<T>(key: string, fallback?: T): T | undefined {
        const full = `${section}.${key}`;
        const value = fake.state.configuration.has(full) ? fake.state.configuration.get(full) : declaredDefaults.get(full);
        return (value === undefined ? fallback : value) as T | undefined;
      },
    };
  },
  onDidChangeConfiguration: configurationEmitter.event,
  onDidGrantWorkspaceTrust: trustEmitter.event,
  onDidSaveTextDocument: saveEmitter.event,
  get workspaceFolders() {
    return fake.state.workspaceFolders.length > 0 ? fake.state.workspaceFolders : undefined;
  },
  getWorkspaceFolder(uri: Uri) {
    return fake.state.workspaceFolders.find((f) => uri.path === f.uri.path || uri.path.startsWith(`${f.uri.path}/`));
  },
  get textDocuments() {
    return fake.state.documents;
  },
};

export const extensions = {
  getExtension(id: string): unknown {
    return fake.state.extensions.get(id);
  },
};
