"""Running cases in a session and judging their outcomes in the trusted parent; the reference as oracle."""
