import Foundation
import Glibc
import TestSupport
import Testing

/// Files people can trust (issue 39): `SaveProbe` saves and autosaves one document as fast as
/// it can and is killed with SIGKILL at random moments, again and again, until it has made at
/// least 500 saves and autosaves. After every kill the document's file and its autosaved copy
/// are each one complete version — never empty, torn or a mix of two — and once the document
/// is opened again (the next launch) no temporary file is left beside it.
@Suite("Documents killed mid-save")
struct DocumentKillTests {
  let binary = TmuxSession.productPath("SaveProbe")

  /// Whether `text` is one complete version as SaveProbe writes them: its number, or nil.
  static func completeVersion(_ text: String) -> Int? {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard lines.count == 4, lines[3].isEmpty else { return nil }
    let header = lines[0].split(separator: " ")
    guard header.count == 3, header[0] == "BEGIN", let n = Int(header[1]), let length = Int(header[2]),
      lines[1].utf8.count == length, lines[1].allSatisfy({ $0 == lines[1].first }), lines[2] == "END \(n)"
    else { return nil }
    return n
  }

  private func run(_ arguments: [String], killAfter delay: Double?) throws -> (saves: Int, last: Int?) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    if let delay {
      usleep(useconds_t(delay * 1_000_000))
      kill(process.processIdentifier, SIGKILL)
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    if delay == nil { #expect(process.terminationStatus == 0, "SaveProbe \(arguments) failed") }
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return (lines.count, lines.last.flatMap { Int($0.dropFirst("saved ".count)) })
  }

  @Test func aKilledWriterLeavesTheOldOrTheNewCompleteTextAndNoTemporaryFile() throws {
    let scratch = try ScratchDirectory("kill-saves")
    let file = scratch.appending("doc.txt")
    let copy = scratch.appending(".doc.txt.autosave")
    try Data("BEGIN 0 1\nA\nEND 0\n".utf8).write(to: file)
    var random = SystemRandomNumberGenerator()
    var total = 0
    var next = 1
    var kills = 0
    while total < 500 && kills < 60 {
      let delay = Double.random(in: 0.2...1.0, using: &random)
      let round = try run([scratch.path, String(next)], killAfter: delay)
      kills += 1
      total += round.saves
      next = (round.last ?? next) + 2
      let text = try String(contentsOf: file, encoding: .utf8)
      let saved = Self.completeVersion(text)
      #expect(
        saved != nil, "after kill \(kills) the file is not one complete version (\(text.utf8.count) bytes)")
      if let copyText = try? String(contentsOf: copy, encoding: .utf8) {
        #expect(Self.completeVersion(copyText) != nil, "after kill \(kills) the autosaved copy is torn")
      }
      if saved == nil { return }
    }
    #expect(total >= 500, "only \(total) saves in \(kills) runs")
    // The next launch opens the document and clears what the killed writers left.
    _ = try run([scratch.path, "--open"], killAfter: nil)
    let left = try FileManager.default.contentsOfDirectory(atPath: scratch.path).filter {
      $0.contains(".tmp-")
    }
    #expect(left.isEmpty, "temporary files left: \(left)")
  }
}
