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

  /// Runs SaveProbe. With `killAfter`, the kill comes that long after its first save, so it
  /// always lands in the saving loop: on a loaded machine a start-up can take longer than any
  /// fixed delay, and a kill before the first save would test nothing and count no save.
  private func run(_ arguments: [String], killAfter delay: Double?) throws -> (saves: Int, last: Int?) {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    var data = Data()
    if let delay {
      // A probe that never saves is killed after a minute and fails the checks below.
      let pid = process.processIdentifier
      let watchdog = DispatchWorkItem { kill(pid, SIGKILL) }
      DispatchQueue.global().asyncAfter(deadline: .now() + 60, execute: watchdog)
      while !data.contains(UInt8(ascii: "\n")) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }  // it exited
        data.append(chunk)
      }
      usleep(useconds_t(delay * 1_000_000))
      kill(pid, SIGKILL)
      watchdog.cancel()
    }
    data.append(output.fileHandleForReading.readDataToEndOfFile())
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
    // Every run saves at least once before its kill, so the loop ends; the cap only stops a
    // probe that keeps exiting without saving.
    while total < 500 && kills < 500 {
      // Saves follow one another every few milliseconds: a kill up to 0.25 s into the loop
      // lands at a random point of some save's write, rename or fsync.
      let delay = Double.random(in: 0...0.25, using: &random)
      let round = try run([scratch.path, String(next)], killAfter: delay)
      kills += 1
      #expect(round.saves > 0, "run \(kills) of SaveProbe exited without saving")
      if round.saves == 0 { return }
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
