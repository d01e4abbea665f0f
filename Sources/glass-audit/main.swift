// Placeholder entry point so the package builds until the CLI lands.
