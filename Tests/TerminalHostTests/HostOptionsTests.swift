import Foundation
import ResponderKit
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

  @Test func theInspectorKeyIsAKeySpecOrNone() throws {
    let f11 = try HostOptions.extract(from: ["--inspector-key", "F11", "-v"])
    #expect(f11.options.inspectorKey == .key(KeySpec(keysym: .f(11), modifiers: [])))
    #expect(f11.rest == ["-v"])
    let chord = try HostOptions.extract(from: ["--inspector-key=Control+Shift+i"]).options.inspectorKey
    #expect(chord?.keySpec == KeySpec(keysym: Keysym(unicodeScalar: "i"), modifiers: [.control, .shift]))
    #expect(try HostOptions.extract(from: ["--inspector-key", "none"]).options.inspectorKey == .off)
    #expect(throws: CommandLineError(argument: "--inspector-key", reason: "unknown key \"F99\"")) {
      try HostOptions.extract(from: ["--inspector-key", "Control+F99"])
    }
    #expect(throws: CommandLineError(argument: "--inspector-key", reason: "needs a key")) {
      try HostOptions.extract(from: ["--inspector-key"])
    }
    #expect(throws: CommandLineError(argument: "--inspector-key", reason: "given more than once")) {
      try HostOptions.extract(from: ["--inspector-key", "F1", "--inspector-key=F2"])
    }
  }

  @Test func theCommandLineChoosesTheInspectorKeyBeforeTheEnvironment() throws {
    let environment = [InspectorKey.environmentVariable: "none"]
    #expect(try InspectorKey.requested(arguments: [], environment: environment) == .off)
    #expect(
      try InspectorKey.requested(arguments: ["--inspector-key", "F2"], environment: environment)
        == .key(KeySpec(keysym: .f(2), modifiers: [])))
    #expect(try InspectorKey.requested(arguments: [], environment: [:]) == nil)
    #expect(
      throws: CommandLineError(
        argument: "RESPONDERKIT_INSPECTOR_KEY=Shift+Bogus", reason: "unknown key \"Bogus\"")
    ) {
      try InspectorKey.requested(
        arguments: [], environment: [InspectorKey.environmentVariable: "Shift+Bogus"])
    }
  }
}

@Suite("Host options: --inline")
struct HostInlineOptionTests {
  @Test func inlineTakesRowsOrAPercentageAndLeavesTheRestToTheApp() throws {
    let (options, rest) = try HostOptions.extract(from: ["--inline", "40%", "--multi"])
    #expect(options.presentation == .inline(fraction: 0.4))
    #expect(rest == ["--multi"])
    #expect(try HostOptions.extract(from: ["--inline=12"]).options.presentation == .inline(rows: 12))
  }

  @Test func aBadOrMissingHeightIsRefusedWithTheReason() {
    let reason = "needs a number of rows or a percentage (12, 40%)"
    for arguments in [["--inline"], ["--inline", "tall"], ["--inline", "-3"], ["--inline=0"]] {
      #expect(throws: CommandLineError(argument: "--inline", reason: reason), "\(arguments)") {
        try HostOptions.extract(from: arguments)
      }
    }
    #expect(throws: CommandLineError(argument: "--inline", reason: "given more than once")) {
      try HostOptions.extract(from: ["--inline", "3", "--inline", "4"])
    }
  }
}
