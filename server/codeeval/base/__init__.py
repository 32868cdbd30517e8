"""Base types every layer shares: errors, findings, the catalog of problem kinds and dimensions, small helpers."""
