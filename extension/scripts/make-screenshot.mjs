// Makes images/screenshot.png for the README from a real run: starts the
// codeeval language server with the extension's launch code, opens a sample
// solution, collects its diagnostics, evaluates it, and draws an editor-like
// page (the code with its findings, the report in a preview beside it),
// photographed by headless Chromium. A development tool only: neither the
// build nor the tests need it (or Chromium).
//   npm run screenshot [-- <sample problem name>]     (default: anagram_groups)

import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const require = createRequire(import.meta.url);
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const repo = dirname(root);
// The extension's own modules, as compiled for the tests (npm run build:tests).
const { ensureExited, serverLaunch, spawnServer } = require(join(root, 'out/src/launch.js'));
const { ServerApi } = require(join(root, 'out/src/serverApi.js'));
const { problemArgument } = require(join(root, 'out/src/protocol.js'));
const { DEFAULT_SERVER_SETTINGS, initializationOptions } = require(join(root, 'out/src/serverSettings.js'));
const { createProtocolConnection, StreamMessageReader, StreamMessageWriter, WorkDoneProgress } = require('vscode-languageserver-protocol/node');
const MarkdownIt = require('markdown-it');

const problem = process.argv[2] ?? 'anagram_groups';
const sample = join(repo, 'problems', 'samples', problem, 'messy.py');
const python = join(repo, '.venv', 'bin', 'python');
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));
if (!chromium) {
  throw new Error('headless Chromium is needed for the screenshot: apt-get install chromium');
}

async function run() {
  const child = spawnServer(serverLaunch(python, repo));
  child.stderr.resume();
  const connection = createProtocolConnection(new StreamMessageReader(child.stdout), new StreamMessageWriter(child.stdin));
  const diagnostics = new Map();
  connection.onNotification('textDocument/publishDiagnostics', (p) => diagnostics.set(p.uri, p.diagnostics));
  connection.onRequest('workspace/configuration', (p) => p.items.map(() => DEFAULT_SERVER_SETTINGS));
  connection.onRequest('window/workDoneProgress/create', () => null);
  connection.onRequest('client/registerCapability', () => null);
  connection.listen();
  const rootUri = pathToFileURL(repo).href;
  await connection.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: [{ uri: rootUri, name: 'codeeval' }],
    capabilities: { workspace: { configuration: true }, window: { workDoneProgress: true } },
    initializationOptions: initializationOptions(DEFAULT_SERVER_SETTINGS),
  });
  await connection.sendNotification('initialized', {});
  const uri = pathToFileURL(sample).href;
  const text = readFileSync(sample, 'utf8');
  await connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: 'python', version: 1, text } });
  const deadline = Date.now() + 60000;
  while (!diagnostics.get(uri)?.length) {
    if (Date.now() > deadline) throw new Error('no diagnostics');
    await new Promise((r) => setTimeout(r, 100));
  }
  const api = new ServerApi({
    sendRequest: (method, params) => connection.sendRequest(method, params),
    onProgress: (token, handler) => connection.onProgress(WorkDoneProgress.type, token, handler),
  });
  let result = await api.evaluate({ uri, problem: null });
  if (result.status === 'needsProblem') {
    result = await api.evaluate({ uri, problem: problemArgument(result.choices.find((c) => c.name === problem)) });
  }
  if (result.status !== 'done') throw new Error(`evaluation: ${JSON.stringify(result)}`);
  await connection.sendRequest('shutdown');
  await connection.sendNotification('exit');
  await ensureExited(child, 5000);
  connection.dispose();
  return { text, diagnostics: diagnostics.get(uri), result, report: readFileSync(fileURLToPath(result.reportUri), 'utf8') };
}

const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const KEYWORDS = /\b(def|return|if|elif|else|for|while|in|not|and|or|is|import|from|as|None|True|False|class|lambda|with|try|except|raise|pass)\b/g;

/** One line of code as HTML: simple syntax colours, plus squiggles under the findings' ranges. */
function codeLine(line, number, findings) {
  const token = new Array(line.length).fill('');
  const mark = (re, cls) => {
    for (const m of line.matchAll(re)) for (let i = m.index; i < m.index + m[0].length; i++) token[i] = cls;
  };
  mark(KEYWORDS, 'kw');
  mark(/\b\d+\b/g, 'num');
  mark(/"[^"]*"|'[^']*'/g, 'str');
  mark(/#.*$/g, 'com');
  const severity = new Array(line.length).fill(0);
  for (const d of findings) {
    const from = d.range.start.line === number ? d.range.start.character : 0;
    const to = d.range.end.line === number ? d.range.end.character : line.length;
    for (let i = from; i < Math.min(to, line.length); i++) {
      severity[i] = severity[i] ? Math.min(severity[i], d.severity ?? 3) : (d.severity ?? 3);
    }
  }
  let html = '';
  for (let i = 0; i < line.length; ) {
    let j = i;
    while (j < line.length && token[j] === token[i] && severity[j] === severity[i]) j++;
    html += `<span class="${token[i]} ${severity[i] ? `sev${severity[i]}` : ''}">${escape(line.slice(i, j))}</span>`;
    i = j;
  }
  // Like an inline-diagnostics view: the most severe finding that starts on this line.
  const first = findings.filter((d) => d.range.start.line === number).sort((a, b) => (a.severity ?? 3) - (b.severity ?? 3))[0];
  const lens = first ? `<span class="inline sev${first.severity ?? 3}">${escape(first.message)}</span>` : '';
  return `<div class="line"><span class="ln">${number + 1}</span><span class="code">${html || ' '}</span>${lens}</div>`;
}

function page({ text, diagnostics, result, report }) {
  const lines = text.split('\n').slice(0, 46);
  const code = lines.map((line, n) => codeLine(line, n, diagnostics.filter((d) => d.range.start.line <= n && d.range.end.line >= n))).join('\n');
  const markdown = new MarkdownIt({ html: false }).render(report);
  const score = String(Math.round(result.score * 10) / 10);
  return `<!doctype html><html><head><meta charset="utf-8"><style>
  body { margin: 0; width: 1600px; height: 1000px; display: flex; flex-direction: column; font-family: system-ui, sans-serif; background: #1e1e1e; overflow: hidden; }
  .panes { flex: 1; display: flex; min-height: 0; }
  .tab { height: 34px; line-height: 34px; padding-left: 14px; font-size: 13px; color: #fff; background: #1e1e1e; border-bottom: 1px solid #333; }
  .editor { width: 50%; display: flex; flex-direction: column; border-right: 1px solid #333; }
  .source { font: 13px/19px "DejaVu Sans Mono", monospace; color: #d4d4d4; padding-top: 6px; overflow: hidden; }
  .line { white-space: pre; overflow: hidden; text-overflow: ellipsis; }
  .ln { display: inline-block; width: 44px; padding-right: 16px; text-align: right; color: #6e7681; }
  .kw { color: #c586c0; } .str { color: #ce9178; } .num { color: #b5cea8; } .com { color: #6a9955; }
  .sev1 { text-decoration: underline wavy #f14c4c; text-underline-offset: 3px; }
  .sev2 { text-decoration: underline wavy #cca700; text-underline-offset: 3px; }
  .sev3, .sev4 { text-decoration: underline wavy #3794ff; text-underline-offset: 3px; }
  .inline { margin-left: 28px; text-decoration: none; font-style: italic; opacity: .85; }
  .inline.sev1 { color: #f48771; } .inline.sev2 { color: #cca700; } .inline.sev3, .inline.sev4 { color: #75beff; }
  .preview { width: 50%; display: flex; flex-direction: column; background: #fff; }
  .preview .tab { background: #252526; }
  .report { padding: 8px 28px; overflow: hidden; font-size: 13px; color: #1f2328; line-height: 1.45; }
  .report h1 { font-size: 22px; border-bottom: 1px solid #d0d7de; padding-bottom: 6px; }
  .report h2 { font-size: 17px; border-bottom: 1px solid #d0d7de; padding-bottom: 4px; }
  .report table { border-collapse: collapse; margin: 8px 0; }
  .report th, .report td { border: 1px solid #d0d7de; padding: 3px 8px; }
  .report blockquote { margin: 8px 0; padding: 0 12px; color: #59636e; border-left: 4px solid #d0d7de; }
  .report code { background: #eff1f3; padding: 1px 4px; border-radius: 4px; font-size: 12px; }
  .status { height: 24px; line-height: 24px; background: #007acc; color: #fff; font-size: 12px; display: flex; justify-content: flex-end; padding-right: 16px; gap: 18px; }
  </style></head><body>
  <div class="panes">
    <div class="editor"><div class="tab">messy.py — ${escape(problem)}</div><div class="source">${code}</div></div>
    <div class="preview"><div class="tab">Preview messy.md</div><div class="report">${markdown}</div></div>
  </div>
  <div class="status"><span>Python</span><span>codeeval ${score}</span></div>
  </body></html>`;
}

const data = await run();
const dir = mkdtempSync(join(tmpdir(), 'codeeval-shot-'));
const html = join(dir, 'page.html');
writeFileSync(html, page(data));
const out = join(root, 'images', 'screenshot.png');
execFileSync(chromium, [
  '--headless', '--no-sandbox', '--disable-gpu', '--hide-scrollbars', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--force-device-scale-factor=1', '--window-size=1600,1000', `--screenshot=${out}`, pathToFileURL(html).href,
], { stdio: 'ignore' });
console.log(`wrote ${out}: ${data.diagnostics.length} findings, score ${data.result.score}`);
