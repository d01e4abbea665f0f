/// The shipped profiles by name, the default first: each the text of
/// `Material/Profiles/NAME.yml` (which `profiles/NAME.yml` links to), byte
/// for byte, compiled into the library as a package resource
/// (`Package.swift`, `.embedInCode`).
let embeddedProfiles: [(name: String, text: String)] = [
  ("ios27", String(decoding: PackageResources.ios27_yml, as: UTF8.self)),
  ("ios26", String(decoding: PackageResources.ios26_yml, as: UTF8.self)),
  ("ios18", String(decoding: PackageResources.ios18_yml, as: UTF8.self)),
]
