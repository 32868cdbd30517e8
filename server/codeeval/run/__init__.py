"""Many solutions x many problems: the runner, executors (threads, Ray), the result cache, blind runs."""
