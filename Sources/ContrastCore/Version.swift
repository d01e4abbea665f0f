/// The version of glass-audit, as written into every report.
public let toolVersion = "0.1.0"

/// The tool's name, as written into every report.
public let toolName = "glass-audit"
