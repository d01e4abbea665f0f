// blur-tool: glass-audit's Gaussian blur as a command, for compare.sh.
//
//   blur-tool IN.png SIGMA [--repeat N] [--serial] [--out FILE]
//
// Decodes IN.png (each 8-bit channel v becomes v / 255), blurs the whole image
// N times (default 5) with GaussianBlur.blur, and prints the median wall time
// of one blur in milliseconds on stdout (decoding is not timed). With --out,
// writes the last result as raw little-endian float32 RGB, row by row, in the
// same [0, 1] scale, for the error comparison.
import ContrastCore
import Foundation

func usage(_ message: String) -> Never {
  let usage = "usage: blur-tool IN.png SIGMA [--repeat N] [--serial] [--out FILE]"
  FileHandle.standardError.write(Data("blur-tool: \(message)\n\(usage)\n".utf8))
  exit(2)
}

var positional: [String] = []
var repeats = 5
var parallel = true
var outPath: String?
var arguments = CommandLine.arguments.dropFirst()
while let a = arguments.popFirst() {
  switch a {
  case "--repeat":
    guard let v = arguments.popFirst(), let n = Int(v), n >= 1 else {
      usage("--repeat needs a count of at least 1")
    }
    repeats = n
  case "--serial": parallel = false
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

let clock = ContinuousClock()
var times: [Double] = []
var result = image
for _ in 0..<repeats {
  let start = clock.now
  result = GaussianBlur.blur(image, sigmaInPixels: sigma, parallel: parallel)
  let d = clock.now - start
  times.append(Double(d.components.seconds) * 1e3 + Double(d.components.attoseconds) * 1e-15)
}
times.sort()
let median =
  times.count % 2 == 1
  ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
print(String(format: "%.3f", median))

if let outPath {
  let words = result.samples.map { $0.bitPattern.littleEndian }
  let data = words.withUnsafeBufferPointer { Data(buffer: $0) }
  guard FileManager.default.createFile(atPath: outPath, contents: data) else {
    FileHandle.standardError.write(Data("blur-tool: cannot write \(outPath)\n".utf8))
    exit(1)
  }
}
