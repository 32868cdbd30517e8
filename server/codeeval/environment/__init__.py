"""The environment a problem set's libraries live in: `codeeval env` builds it once, the sandbox runs it.

`needs` reads what a problem set imports (BigCodeBench's `libs`, or the imports of YAML problems' code),
`distributions` maps those imports to what pip installs, `lock` reads pinned requirement files (the project's
own, in `locks/`, and the user's), `install_plan` turns needs and locks into what to install, `builder` makes the
virtual environment (pip from the registry, into a temporary folder renamed when done), `manifest` records
what it holds and what it could not install, and `nltk_data` names the corpora tasks need that no package
carries. Nothing here runs untrusted code: pip runs as the evaluator, on the registry's packages.
"""
