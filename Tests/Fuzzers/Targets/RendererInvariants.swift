import RendererOracle

/// The renderer's differential check (RendererOracle) with frames chosen by the fuzzer's
/// bytes: every cell and the cursor in libvterm after each of 24 frames.
enum RendererInvariants {
  static func violations(_ input: [UInt8]) -> [String] {
    var script = FrameScript(random: ByteStream(input))
    do {
      _ = try RendererDifferential.run(&script, frames: 24)
      return []
    } catch {
      return ["\(error)"]
    }
  }
}
