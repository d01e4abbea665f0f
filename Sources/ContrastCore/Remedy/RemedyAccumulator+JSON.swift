/// The named candidates of a remedy group as `report.json`'s `remedySearch`
/// carries them, so that a merge of shard reports combines them exactly as
/// one run does (``RemedyAccumulator/merge(_:)``).
extension RemedyAccumulator.Group {
  /// `candidates` by key (sorted; a ratio only where the candidate passes),
  /// beside the group's `currentMaterial`.
  var candidatesJSON: JSONValue {
    .object(
      candidates.keys.sorted().map { key in
        let c = candidates[key]!
        return (
          key,
          .object([
            ("passes", .bool(c.passes)),
            ("ratio", .optional(c.ratio.isFinite ? quantize(c.ratio) : nil)),
            ("value", .string(c.value)), ("rank", .int(c.rank)),
          ])
        )
      })
  }

  /// Reads `currentMaterial` and ``candidatesJSON`` (absent in reports written before
  /// them: no candidates); false when a candidate is malformed.
  mutating func readCandidates(_ g: [String: Any]) -> Bool {
    currentMaterial = g["currentMaterial"] as? String
    for (key, value) in g["candidates"] as? [String: Any] ?? [:] {
      guard let c = value as? [String: Any], let passes = c["passes"] as? Bool,
        let rank = c["rank"] as? Int
      else { return false }
      candidates[key] = RemedyCandidate(
        passes: passes, ratio: ReportReader.double(c["ratio"]) ?? .infinity,
        value: c["value"] as? String ?? "", rank: rank)
    }
    return true
  }
}
