import Foundation
import Testing
import XKBKeyboard

@Suite struct LogCaptureTests {
  /// In a child process, so the standard error read back is xkbcommon's alone: redirecting
  /// this process's descriptor 2 also caught whatever tests running beside it wrote (Swift
  /// Testing's own progress lines name tests such as `xkbcommonNeverWrites…`), which made the
  /// check fail under load.
  @Test func failuresAreLoggedIntoTheErrorNotOntoStderr() async {
    let result = await #expect(processExitsWith: .success, observing: [\.standardErrorContent]) {
      var errors: [KeymapError] = []
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
      // Each failure keeps xkbcommon's lines in its error.
      exit(errors.count == 3 && errors.allSatisfy { !$0.log.isEmpty } ? 0 : 1)
    }
    // xkbcommon's default logger writes `xkbcommon: ERROR: ...` with the names it failed on
    // (the exit test's own machinery may write bytes of its own there too).
    let written = String(decoding: result?.standardErrorContent ?? [], as: UTF8.self)
    for text in ["xkbcommon", "symbols/xx", "foo:bar", "xx_YY"] {
      #expect(!written.contains(text), "\(text) on standard error: \(written.debugDescription)")
    }
  }
}
