/// One slice of a sharded run: `index` of `count`, 1-based.
public struct ShardSpec: Sendable, Hashable {
  public var index: Int
  public var count: Int

  public init(index: Int, count: Int) {
    precondition(count >= 1 && index >= 1 && index <= count, "bad shard \(index)/\(count)")
    self.index = index
    self.count = count
  }

  /// Reads `K/N`; nil when it is not two integers with 1 <= K <= N.
  public init?(parsing text: String) {
    let parts = text.split(separator: "/", omittingEmptySubsequences: false)
    guard parts.count == 2, let k = Int(parts[0]), let n = Int(parts[1]), n >= 1, k >= 1, k <= n
    else { return nil }
    self.init(index: k, count: n)
  }

  /// The items of this shard: every `count`-th item starting at `index - 1`.
  ///
  /// The scene list is split by wallpaper, so each wallpaper is decoded and
  /// blurred on one runner only and all its scenes stay together; dealing
  /// wallpapers round-robin keeps the slices within one wallpaper of each
  /// other in size. The union of all slices is the whole list, each item once.
  public func slice<T>(_ items: [T]) -> [T] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }
}
