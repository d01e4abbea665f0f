/// The named candidates of a remedy group as `report.json`'s `remedySearch`
/// carries them, so that a merge of shard reports combines them exactly as
/// one run does (``RemedyAccumulator/merge(_:)``). Most candidates fail
/// somewhere, and a failed one is never shown, so those are written by key
/// alone (`failedCandidates`); the passing ones with their ratio, value and
/// rank (`candidates`).
extension RemedyAccumulator.Group {
  /// The candidates that pass in every scene so far, by key (sorted).
  var candidatesJSON: JSONValue {
    .object(
      candidates.keys.sorted().compactMap { key in
        let c = candidates[key]!
        guard c.passes else { return nil }
        return (
          key,
          .object([
            ("ratio", .number(quantize(c.ratio))), ("value", .string(c.value)),
            ("rank", .int(c.rank)),
          ])
        )
      })
  }

  /// The keys of the candidates that failed in some scene (sorted).
  var failedCandidatesJSON: JSONValue {
    .array(candidates.filter { !$0.value.passes }.keys.sorted().map(JSONValue.string))
  }

  /// Reads `currentMaterial`, ``candidatesJSON`` and
  /// ``failedCandidatesJSON`` (absent in reports written before them: no
  /// candidates); false when one is malformed.
  mutating func readCandidates(_ g: [String: Any]) -> Bool {
    currentMaterial = g["currentMaterial"] as? String
    materialKey = g["materialKey"] as? String
    for (key, value) in g["candidates"] as? [String: Any] ?? [:] {
      guard let c = value as? [String: Any], let ratio = ReportReader.double(c["ratio"]),
        let rank = c["rank"] as? Int
      else { return false }
      candidates[key] = RemedyCandidate(
        passes: true, ratio: ratio, value: c["value"] as? String ?? "", rank: rank)
    }
    for key in g["failedCandidates"] as? [Any] ?? [] {
      guard let key = key as? String else { return false }
      candidates[key] = RemedyCandidate(passes: false, ratio: .infinity, rank: 0)
    }
    return true
  }
}
