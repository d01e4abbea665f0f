import Testing

@testable import ContrastCore

/// What `glass-audit init` writes is valid as written.
@Suite struct StarterFilesTests {
  @Test(arguments: ["ios27", "ios26"])
  func theExampleLayoutLoadsWithoutErrorsOrFindingsOnEveryDevicePreset(profileName: String)
    throws
  {
    let profile = try ProfileLoader.load(named: profileName)
    #expect(profile.devices.count >= 5)
    for (device, canvas) in profile.devices {
      let text = StarterFiles.layout(device: device, canvas: canvas)
      let result = LayoutLoader.load(
        text: text, file: StarterFiles.layoutPath, profile: profile)
      #expect(result.errors.isEmpty, "\(device): \(result.errors)")
      #expect(result.findings.isEmpty, "\(device): \(result.findings.map(\.message))")
      let layout = try #require(result.layout)
      #expect(layout.id == "example")
      #expect(layout.canvas == canvas)
      #expect(layout.elements.map(\.id) == ["nav-bar", "card", "add-button"])
    }
  }

  @Test func theSettingsFileNamesTheFoldersAndParses() throws {
    let config = try AuditConfiguration.parse(
      StarterFiles.configuration, file: StarterFiles.configurationPath,
      formatNames: ["json", "md", "html", "junit", "sarif", "sqlite"])
    var expected = AuditConfiguration()
    expected.layouts = "layouts"
    expected.wallpapers = "wallpapers"
    expected.out = "reports"
    #expect(config == expected)
  }

  @Test func everyCommentedSettingParsesWhenUncommented() throws {
    let uncommented = StarterFiles.configuration.split(separator: "\n").map { line in
      line.hasPrefix("# ") && line.contains(":") ? String(line.dropFirst(2)) : String(line)
    }.filter { !$0.hasPrefix("#") }.joined(separator: "\n")
    let config = try AuditConfiguration.parse(
      uncommented, file: StarterFiles.configurationPath,
      formatNames: ["json", "md", "html", "junit", "sarif", "sqlite"])
    #expect(config.failOn == .error)
    #expect(config.jobs == 4)
    #expect(config.level == .aa)
    #expect(config.verifyFixes == true)
  }
}
