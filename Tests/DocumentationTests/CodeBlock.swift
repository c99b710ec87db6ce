/// A fenced Swift code block in a Markdown file, and where it is.
///
/// A block whose info string is `swift` must compile on its own. A block meant as a fragment
/// (it uses names the text around it defines) is marked by the line before its fence:
/// `<!-- fragment -->` (anything may follow the word, such as a reason); it must still parse.
/// In either kind, a line holding only `…` stands for elided code.
struct CodeBlock: CustomStringConvertible, Sendable {
  /// The Markdown file's path, as diagnostics name it.
  var file: String
  /// The line (from 1) of the block's first line of code.
  var line: Int
  var code: String
  var isFragment: Bool

  var description: String { "\(file):\(line)\(isFragment ? " (fragment)" : "")" }

  /// A Markdown file that cannot be read as code blocks: a fence that is never closed.
  struct ParseError: Error, CustomStringConvertible {
    var file: String
    var line: Int
    var description: String { "\(file):\(line): the code fence opened here is never closed" }
  }

  /// The Swift blocks of `markdown`, fenced with backticks or tildes (CommonMark).
  static func swiftBlocks(in markdown: String, file: String) throws(ParseError) -> [CodeBlock] {
    let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map {
      $0.hasSuffix("\r") ? $0.dropLast() : $0
    }
    var blocks: [CodeBlock] = []
    var number = 0
    while number < lines.count {
      guard let (fence, info) = opening(lines[number]) else {
        number += 1
        continue
      }
      let open = number
      number += 1
      while number < lines.count, !closes(lines[number], fence: fence) { number += 1 }
      guard number < lines.count else { throw ParseError(file: file, line: open + 1) }
      if info.split(separator: " ").first == "swift" {
        let marker = open > 0 ? lines[open - 1].trimmingPrefix(while: \.isWhitespace) : ""
        blocks.append(
          CodeBlock(
            file: file, line: open + 2, code: lines[(open + 1)..<number].joined(separator: "\n"),
            isFragment: marker.hasPrefix("<!-- fragment")))
      }
      number += 1
    }
    return blocks
  }

  /// The fence (a run of three or more backticks or tildes, indented at most three spaces)
  /// and the info string, if `line` opens a code block.
  private static func opening(_ line: Substring) -> (fence: Substring, info: Substring)? {
    let text = line.trimmingPrefix(while: { $0 == " " })
    guard line.count - text.count <= 3, let mark = text.first, mark == "`" || mark == "~" else { return nil }
    let fence = text.prefix { $0 == mark }
    guard fence.count >= 3 else { return nil }
    let info = text.dropFirst(fence.count).trimmingPrefix(while: \.isWhitespace)
    if mark == "`", info.contains("`") { return nil }
    return (fence, Substring(info.reversed().trimmingPrefix(while: \.isWhitespace).reversed()))
  }

  private static func closes(_ line: Substring, fence: Substring) -> Bool {
    let text = line.trimmingPrefix(while: { $0 == " " })
    guard line.count - text.count <= 3 else { return false }
    let run = text.prefix { $0 == fence.first }
    return run.count >= fence.count && text.dropFirst(run.count).allSatisfy(\.isWhitespace)
  }

  /// The block as a Swift source file whose diagnostics point into the Markdown file.
  var source: String {
    let body = code.split(separator: "\n", omittingEmptySubsequences: false).map { line in
      let trimmed = line.trimmingPrefix(while: \.isWhitespace)
      return trimmed == "…" || trimmed == "..." ? "" : String(line)
    }
    return "#sourceLocation(file: \"\(file)\", line: \(line))\n" + body.joined(separator: "\n") + "\n"
  }
}
