/// The two dimensions the reports and the baselines name by the part they
/// play, not by their meaning:
///
/// - the **section** (``SceneDimension/section``, the layout): each
///   report's sections, the first part of an item's place, with a file and
///   a title of its own;
/// - the **image** (``SceneDimension/image``, the wallpaper): what a scene
///   is drawn over, the first word of a scene for people, before its other
///   values (``CheckResult/sceneDescription``).
///
/// Only this file and `SceneDimension.swift` say which dimension plays each
/// part; `Report/` and `Gating/` read the accessors below and name no
/// dimension.
extension SceneDimension {
  /// The dimension of the reports' sections (the one whose role is
  /// ``Role/section``).
  static let section: SceneDimension = all.first { $0.role == .section }!

  /// The dimension a scene is drawn over: the first word of a scene for
  /// people and of a matrix row.
  static let image: SceneDimension = rows[0]

  /// The dimensions whose values are the run's input files, not settings
  /// it sweeps (the layouts, the wallpaper): report.sqlite's `inputs`.
  static let inputs: [SceneDimension] = all.filter { $0.sweep == nil }
}

extension CheckResult {
  /// The check's section: its value of ``SceneDimension/section``.
  public var section: String { place.layout }

  /// The check's image: its value of ``SceneDimension/image``.
  public var sceneImage: String { scene.wallpaper }

  /// The scene for people: its image, then its other values (`dusk (light,
  /// normal, clear glass)`).
  public var sceneName: String { "\(sceneImage) (\(sceneDescription))" }

  /// The scene in running text, its image named as such (`wallpaper
  /// dusk, light, normal, clear glass`).
  public var scenePhrase: String {
    "\(SceneDimension.image.phrase) \(sceneImage), \(sceneDescription)"
  }
}

extension CheckResult.ItemFields {
  /// The item's section (``SceneDimension/section``).
  var section: String { layout }
}

extension SceneKey {
  /// The scene's section (``SceneDimension/section``).
  public var section: String { layout }

  /// The scene's image (``SceneDimension/image``).
  public var sceneImage: String { wallpaper }
}

extension AuditReport {
  /// The input file of a section (a layout's file), as given.
  public func file(ofSection id: String) -> String? { layoutFiles[id] }

  /// The title of a section (a layout's title), nil when the run has none.
  public func title(ofSection id: String) -> String? { layoutTitles[id] }
}

extension Finding {
  /// The keys of a finding's coordinate: its section's, then its
  /// image's.
  static let coordinateKeys = [SceneDimension.section.key, SceneDimension.image.key]

  /// The finding's coordinate: the key and value of each of its
  /// dimensions (``coordinateKeys``), as report.json and report.sqlite
  /// write it (a nil value: not about one).
  var coordinate: Zip2Sequence<[String], [String?]> {
    zip(Self.coordinateKeys, [layout, wallpaper])
  }

  /// A finding whose coordinate is read by key (`value(key)`, nil when
  /// absent), as report.json and report.sqlite write it.
  init(
    rule: Rule, coordinate value: (String) -> String?, element: String?, item: String?,
    message: String, file: String?, line: Int?
  ) {
    let values = Self.coordinateKeys.map(value)
    self.init(
      rule: rule, layout: values[0], element: element, item: item, wallpaper: values[1],
      message: message, file: file, line: line)
  }

  /// Where the finding is, for people and identities: its section,
  /// element, item and image, each nil when it is not about one.
  var place: [String?] { [layout, element, item, wallpaper] }
}
