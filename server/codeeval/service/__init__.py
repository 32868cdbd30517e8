"""`codeeval serve`: rewards over HTTP for trainers in other processes or on other machines (docs/reward.md)."""
