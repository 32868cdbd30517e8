"""The GitHub Action's steps (`codeeval ci ...`): see docs/ci.md."""
