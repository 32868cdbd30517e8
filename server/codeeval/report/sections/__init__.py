"""One Markdown section per dimension, each in its own module, looked up by dimension name."""
