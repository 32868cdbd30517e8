-- Drives the codeeval language server from a real (headless) Neovim 0.7+:
-- start it, attach a Python buffer, wait for its diagnostics, save and wait
-- again, hover a function, ask for its inlay hints and list the problems. Writes what it saw as JSON
-- to $CODEEVAL_OUT and quits; the pytest side checks it.
local python = os.getenv("CODEEVAL_PY")
local file = os.getenv("CODEEVAL_FILE")
local out = os.getenv("CODEEVAL_OUT")
local root = vim.fn.fnamemodify(file, ":h")
local seen = { diagnostics = {}, after_save = {}, hover = nil, problems = nil, inlay_hints = nil, inlay_hints_after_save = nil,
               errors = {} }

local function finish()
  local handle = io.open(out, "w")
  handle:write(vim.fn.json_encode(seen))
  handle:close()
  vim.cmd("qall!")
end

local ok, err = pcall(function()
  local client_id = vim.lsp.start_client({
    name = "codeeval",
    cmd = { python, "-m", "codeeval", "lsp" },
    root_dir = root,
    workspace_folders = { { uri = vim.uri_from_fname(root), name = "ws" } },
    init_options = { codeeval = { problemsFolders = { "problems" } } },
  })
  assert(client_id, "the server did not start")
  vim.cmd("edit " .. file)
  local bufnr = vim.api.nvim_get_current_buf()
  vim.bo[bufnr].filetype = "python"
  vim.lsp.buf_attach_client(bufnr, client_id)

  -- Neovim 0.7 has no inlay hint UI: ask for them as a client request and keep the labels.
  local function inlay_hints()
    local client = vim.lsp.get_client_by_id(client_id)
    local answer = client.request_sync("textDocument/inlayHint", {
      textDocument = { uri = vim.uri_from_bufnr(bufnr) },
      range = { start = { line = 0, character = 0 }, ["end"] = { line = 10, character = 0 } } }, 10000, bufnr)
    local items = {}
    for _, hint in ipairs(answer and answer.result or {}) do
      table.insert(items, { line = hint.position.line, character = hint.position.character, label = hint.label })
    end
    return items
  end

  local function diagnostics()
    local items = {}
    for _, d in ipairs(vim.diagnostic.get(bufnr)) do
      table.insert(items, { code = d.code, line = d.lnum, col = d.col, severity = d.severity,
                            source = d.source, message = d.message })
    end
    return items
  end

  assert(vim.wait(30000, function() return #vim.diagnostic.get(bufnr) > 0 end, 50), "no diagnostics on open")
  seen.diagnostics = diagnostics()
  seen.inlay_hints = inlay_hints()

  -- Fix the file and save: the server re-analyses on didSave.
  vim.api.nvim_buf_set_lines(bufnr, 0, -1, false, {
    '"""Adding."""', "", "", "def add(a: int, b: int) -> int:", '    """Add two numbers."""', "    return a + b",
  })
  vim.cmd("write")
  assert(vim.wait(30000, function() return #vim.diagnostic.get(bufnr) == 0 end, 50), "diagnostics not cleared")
  seen.after_save = diagnostics()
  seen.inlay_hints_after_save = inlay_hints()

  local client = vim.lsp.get_client_by_id(client_id)
  local hover = client.request_sync("textDocument/hover", {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = 3, character = 5 } }, 10000, bufnr)
  seen.hover = hover and hover.result and hover.result.contents and hover.result.contents.value or vim.NIL
  local listed = client.request_sync("workspace/executeCommand", {
    command = "codeeval.listProblems", arguments = { { uri = vim.uri_from_bufnr(bufnr) } } }, 10000, bufnr)
  seen.problems = listed and listed.result or vim.NIL
  client.stop()
  vim.wait(5000, function() return client.is_stopped() end, 50)
end)
if not ok then
  table.insert(seen.errors, tostring(err))
end
finish()
