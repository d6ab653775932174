"""The attacks of tools/break_it.py, one module per kind (see its docstring)."""
