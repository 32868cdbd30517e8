"""The composition root: registers the dimensions and visual parts and evaluates one solution."""
