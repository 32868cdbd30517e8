import * as assert from 'node:assert/strict';
import { setupInstructions, setupMessage } from '../../src/setup';

describe('setup help', () => {
  const interpreter = { command: '/opt/my python/bin/python3', source: 'setting' as const };

  it('names the interpreter and the problem in one sentence', () => {
    assert.match(setupMessage({ interpreter, probe: { kind: 'codeevalMissing', detail: '' } }), /codeeval is not installed for \/opt\/my python\/bin\/python3/);
    assert.match(setupMessage({ interpreter, probe: { kind: 'interpreterNotFound', detail: '' } }), /cannot run the Python interpreter/);
    assert.match(setupMessage({ interpreter, probe: { kind: 'noLanguageServer', version: '0.0.1' } }), /codeeval 0\.0\.1 .* has no language server/);
  });

  it('gives commands to copy, with the interpreter quoted, and the check output', () => {
    const text = setupInstructions({ interpreter, probe: { kind: 'codeevalMissing', detail: "No module named 'codeeval'" } }).join('\n');
    assert.ok(text.includes('"/opt/my python/bin/python3" -m codeeval lsp'), text);
    assert.ok(text.includes('"/opt/my python/bin/python3" -m pip install -e /path/to/codeeval'), text);
    assert.ok(text.includes('codeeval.interpreter'));
    assert.ok(text.includes("    No module named 'codeeval'"));
    assert.ok(text.includes('Restart Server'));
  });
});
