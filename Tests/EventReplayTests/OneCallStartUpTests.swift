import Foundation
import ResponderKit
import TerminalHost
import TestSupport
import Testing

@testable import EventReplay

/// `TerminalHost.run(usage:options:configuration:launch:)`'s start-up, short of running the
/// terminal: what a user reads when it fails, and what it keeps alive when it does not.
@Suite("One-call start-up")
@MainActor
struct OneCallStartUpTests {
  struct LaunchProblem: Error, CustomStringConvertible {
    var description: String { "the data file is damaged" }
  }

  @Test func aRecordingThatCannotBeReadFailsBeforeTheAppRuns() {
    var host = HostOptions()
    host.replayURL = URL(fileURLWithPath: "/nonexistent/s.rkrec")
    let error = #expect(throws: FileError.self) {
      try TerminalHost.start(host: host, configuration: .init(), terminalSize: nil) { (Application(), ()) }
    }
    #expect(error?.description == "Cannot read /nonexistent/s.rkrec: there is no such file")
  }

  @Test func anErrorTheLaunchThrowsIsPassedOnAsIs() {
    let error = #expect(throws: LaunchProblem.self) {
      try TerminalHost.start(host: HostOptions(), configuration: .init(), terminalSize: nil) {
        () throws -> (Application, Void) in throw LaunchProblem()
      }
    }
    #expect(error?.description == "the data file is damaged")
  }

  /// The application holds its delegate weakly (as UIKit does); the start-up keeps the owner
  /// the launch returned, and the recording hooks are in the configuration it runs with.
  @Test func theOwnerAndTheRecordingHooksAreKept() throws {
    final class Owner: ApplicationDelegate {}
    let scratch = try ScratchDirectory("start")
    defer { withExtendedLifetime(scratch) {} }  // removed when the test ends
    let directory = scratch.url
    var host = HostOptions()
    host.recordURL = directory.appendingPathComponent("s.rkrec")
    weak var weakOwner: Owner?
    let started = try TerminalHost.start(host: host, configuration: .init(), terminalSize: nil) {
      let app = Application()
      let owner = Owner()
      app.delegate = owner
      weakOwner = owner
      return (app, owner)
    }
    #expect(weakOwner != nil && started.application.delegate === started.owner)
    #expect(started.configuration.inputObserver != nil && started.configuration.willExit != nil)
  }
}
