// blur-tool: glass-audit's Gaussian blur as a command, for compare.sh.
//
//   blur-tool IN.png SIGMA [--repeat N] [--parallel] [--out FILE]
//
// Decodes IN.png (each 8-bit channel v becomes v / 255; decoding is not timed)
// and times, on one thread (all cores with --parallel):
//   field       BlurField.compute over the whole image: what the audit computes
//               once per wallpaper and sigma (shrink + exact blur of the small
//               grid; the full-resolution result below sigma 11.7);
//   full        field + materialising the whole image into a buffer reused from
//               one run to the next;
//   blur        GaussianBlur.blur(_:sigmaInPixels:), which allocates its result
//               each time (first-touch page faults included).
// The first field + materialise run is a warm-up (its time is printed as
// first_ms; it allocates the reused storage); then N runs (default 21) of
// field + materialise and N runs of blur. Prints one JSON object with the
// medians in milliseconds. With --out, writes the last materialised image as
// raw little-endian float32 RGB, row by row, in the same [0, 1] scale, for the
// error comparison.
import ContrastCore
import Foundation

func usage(_ message: String) -> Never {
  let usage = "usage: blur-tool IN.png SIGMA [--repeat N] [--parallel] [--out FILE]"
  FileHandle.standardError.write(Data("blur-tool: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var positional: [String] = []
var repeats = 21
var parallel = false
var outPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
  switch a {
  case "--repeat":
    guard let v = arguments.popFirst(), let n = Int(v), n >= 1 else {
      usage("--repeat needs a count of at least 1")
    }
    repeats = n
  case "--parallel": parallel = true
  case "--out":
    guard let v = arguments.popFirst() else { usage("--out needs a file") }
    outPath = v
  case "-h", "--help": usage("help")
  default:
    if a.hasPrefix("-") { usage("unknown option '\(a)'") }
    positional.append(a)
  }
}
guard positional.count == 2 else { usage("expected IN.png and SIGMA") }
guard let sigma = Double(positional[1]), sigma > 0 else {
  usage("SIGMA must be a positive number of pixels, got '\(positional[1])'")
}

let image: RGBImage
do {
  image = try PNGDecoder.decode(contentsOf: positional[0]).image
} catch {
  FileHandle.standardError.write(Data("blur-tool: \(error)\n".utf8))
  exit(1)
}
let whole = PixelRect(x: 0, y: 0, width: image.width, height: image.height)

let clock = ContinuousClock()
func milliseconds(_ d: Duration) -> Double {
  Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15
}
func median(_ values: [Double]) -> Double {
  let s = values.sorted()
  return s.count % 2 == 1 ? s[s.count / 2] : (s[s.count / 2 - 1] + s[s.count / 2]) / 2
}

var field = BlurField()
var output = RGBImage(width: 0, height: 0, samples: [])
let warmStart = clock.now
field.compute(image, sigmaInPixels: sigma, parallel: parallel)
field.materialize(whole, into: &output, parallel: parallel)
let first = milliseconds(clock.now - warmStart)

var fieldTimes: [Double] = []
var fullTimes: [Double] = []
for _ in 0..<repeats {
  let start = clock.now
  field.compute(image, sigmaInPixels: sigma, parallel: parallel)
  let computed = clock.now
  field.materialize(whole, into: &output, parallel: parallel)
  let end = clock.now
  fieldTimes.append(milliseconds(computed - start))
  fullTimes.append(milliseconds(end - start))
}
var blurTimes: [Double] = []
for _ in 0..<repeats {
  let start = clock.now
  let blurred = GaussianBlur.blur(image, sigmaInPixels: sigma, parallel: parallel)
  blurTimes.append(milliseconds(clock.now - start))
  precondition(blurred.samples == output.samples, "blur and the field differ")
}

func ms(_ value: Double) -> String { String(format: "%.3f", value) }
let threads = parallel ? ProcessInfo.processInfo.activeProcessorCount : 1
let fields = [
  "\"sigma\": \(sigma)", "\"width\": \(image.width)", "\"height\": \(image.height)",
  "\"threads\": \(threads)", "\"repeat\": \(repeats)", "\"block_size\": \(field.blockSize)",
  "\"grid\": \"\(field.gridColumns.count)x\(field.gridRows.count)\"",
  "\"field_ms\": \(ms(median(fieldTimes)))", "\"full_ms\": \(ms(median(fullTimes)))",
  "\"blur_ms\": \(ms(median(blurTimes)))", "\"first_ms\": \(ms(first))",
]
print("{" + fields.joined(separator: ", ") + "}")

if let outPath {
  let words = output.samples.map { $0.bitPattern.littleEndian }
  let data = words.withUnsafeBufferPointer { Data(buffer: $0) }
  guard FileManager.default.createFile(atPath: outPath, contents: data) else {
    FileHandle.standardError.write(Data("blur-tool: cannot write \(outPath)\n".utf8))
    exit(1)
  }
}
