import Foundation
import TestSupport
import Testing
import XKBKeyboard

@Suite struct LogCaptureTests {
  /// Runs `body` with file descriptor 2 pointing at a temporary file and returns what was
  /// written there.
  func stderrOutput(of body: () -> Void) throws -> String {
    let scratch = try ScratchDirectory("stderr")
    let path = scratch.appending("stderr").path
    let file = open(path, O_RDWR | O_CREAT | O_TRUNC, 0o600)
    try #require(file >= 0)
    defer { close(file) }
    let saved = dup(2)
    dup2(file, 2)
    body()
    dup2(saved, 2)
    close(saved)
    return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
  }

  @Test func failuresAreLoggedIntoTheErrorNotOntoStderr() throws {
    var errors: [KeymapError] = []
    let written = try stderrOutput {
      for names in [RuleNames(layout: "xx"), RuleNames(layout: "us", options: "foo:bar")] {
        do throws(KeymapError) {
          _ = try Keymap(names: names, ignoringEnvironment: true, strict: true)
        } catch {
          errors.append(error)
        }
      }
      do throws(KeymapError) {
        _ = try Keymap(string: "xkb_keymap { broken")
      } catch {
        errors.append(error)
      }
      _ = try? ComposeTable(locale: "xx_YY.UTF-8")
    }
    // Swift Testing reports progress on stderr meanwhile, so look for xkbcommon's own lines
    // (its default logger writes `xkbcommon: ERROR: ...`).
    #expect(!written.contains("xkbcommon"))
    #expect(!written.contains("symbols/xx"))
    #expect(!written.contains("foo:bar"))
    #expect(!written.contains("xx_YY"))
    #expect(errors.count == 3)
    #expect(errors.allSatisfy { !$0.log.isEmpty })
  }
}
