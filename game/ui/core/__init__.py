"""(described in the next commit)"""
