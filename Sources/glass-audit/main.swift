// Placeholder entry point so the package builds; the CLI lands on its own branch.
