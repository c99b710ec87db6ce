import Foundation
import Testing

@testable import TerminalHost

@Suite("Host options")
struct HostOptionsTests {
  @Test func theHostsOptionsAreTakenOutAndTheRestKeptInOrder() throws {
    let (options, rest) = try HostOptions.extract(
      from: ["--data", "x.json", "--record", "a.rkrec", "-v", "--trace-actions=t.log", "--replay", "b"])
    #expect(options.recordURL?.lastPathComponent == "a.rkrec")
    #expect(options.replayURL?.lastPathComponent == "b")
    #expect(options.traceActionsURL?.lastPathComponent == "t.log")
    #expect(rest == ["--data", "x.json", "-v"])
  }

  @Test func argumentsAfterADoubleDashAreTheAppsEvenIfTheyLookLikeTheHosts() throws {
    let (options, rest) = try HostOptions.extract(from: ["--", "--record", "x"])
    #expect(options == HostOptions())
    #expect(rest == ["--", "--record", "x"])
  }

  @Test func aMissingOrRepeatedValueIsAnError() {
    #expect(throws: CommandLineError(argument: "--record", reason: "needs a file path")) {
      try HostOptions.extract(from: ["--record"])
    }
    #expect(throws: CommandLineError(argument: "--replay", reason: "needs a file path")) {
      try HostOptions.extract(from: ["--replay", "--record", "x"])
    }
    #expect(throws: CommandLineError(argument: "--record", reason: "given more than once")) {
      try HostOptions.extract(from: ["--record", "a", "--record=b"])
    }
  }
}
