"""The ``ddz-fast`` command line: one module per subcommand."""
