internal import CPixelKernel

/// The one door to the C kernels (`Sources/CPixelKernel`): every other folder
/// of the library calls these Swift functions, and only `Engine/` imports C.
///
/// Each function is the fast twin of a readable Swift reference, which says
/// what it computes; its doc comment names that reference and the test that
/// holds the two equal bit for bit. The per-pixel contrast model is
/// ``BackgroundEvaluator/ratio(backdrop:wallpaper:code:color:lum:)``
/// (SPEC §3.2-§3.4), its fast twin ``PixelKernel``, and `ModelTwinTests`
/// holds them equal at every ``VectorLevel`` the CPU has.
///
/// The library never chooses the level from the machine's settings: the
/// caller caps it with ``limitLevel(_:)`` (the CLI reads
/// `GLASS_AUDIT_PORTABLE=1` and `GLASS_AUDIT_VECTOR=avx2`).
public enum FastEngine {
  /// The widest instruction set the vector loops use. Every level gives the
  /// same bits.
  public enum VectorLevel: Int, Sendable, Comparable, CaseIterable {
    /// No vector loops: the Swift reference (and the C kernels' plain loops).
    case portable = 0
    /// x86-64 AVX2: the contrast model four entries at a time.
    case avx2 = 2
    /// x86-64 AVX-512 (F, DQ, BW, VL): the contrast model eight at a time.
    case avx512 = 3

    /// Narrower instruction sets order first.
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
  }

  /// The level the loops use now: the CPU's widest, capped by
  /// ``limitLevel(_:)``.
  public static var level: VectorLevel { VectorLevel(rawValue: Int(cpk_level())) ?? .portable }

  /// Caps the level at `cap` from now on, for the whole process, and returns
  /// the previous cap (``VectorLevel/avx512`` at start, i.e. the CPU's).
  @discardableResult
  public static func limitLevel(_ cap: VectorLevel) -> VectorLevel {
    VectorLevel(rawValue: Int(cpk_limit_level(Int32(cap.rawValue)))) ?? .portable
  }

  /// Whether the contrast model's vector loops run (``level`` is above
  /// ``VectorLevel/portable``).
  static var vectorized: Bool { cpk_available() != 0 }

  /// How the AVX-512 loops of the contrast model read the luminance table's
  /// pairs of neighbours (`FastLuminance`): both read the same values, so
  /// both give the same bits.
  enum TableReads: Int32, CaseIterable {
    /// One 16-byte load a lane: the faster where gathers are slow (AMD Zen 4;
    /// Intel's cores before Sapphire Rapids, under the GDS mitigation).
    case loads = 0
    /// Two gathers a vector: the faster on Intel's cores with AVX512-FP16
    /// (Sapphire Rapids and later), the CPU's choice there.
    case gathers = 1
  }

  /// The reads the AVX-512 loops use now: the caller's choice, else the
  /// CPU's.
  static var tableReads: TableReads { cpk_table_gathers() != 0 ? .gathers : .loads }

  /// Makes the AVX-512 loops read the table by `reads` from now on, for the
  /// whole process (nil: the CPU's choice again), and returns the previous
  /// choice. For tests that hold both reads to the same bits.
  @discardableResult
  static func chooseTableReads(_ reads: TableReads?) -> TableReads? {
    TableReads(rawValue: cpk_choose_table_gathers(reads.map { $0.rawValue } ?? -1))
  }
}
