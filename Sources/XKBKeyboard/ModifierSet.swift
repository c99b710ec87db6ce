/// A set of a keymap's modifiers, by index and by the keymap's names (`Shift`, `Lock`,
/// `Control`, `Mod1`…`Mod5`, then virtual modifiers such as `NumLock` or `LevelThree`).
///
/// Unlike `KeyEvent.ModifierFlags`, which has six flags, it holds every modifier the keymap
/// defines, as xkbcommon's `xkb_mod_mask_t` does.
public struct ModifierSet: Hashable, Sendable, CustomStringConvertible {
  /// The modifiers as xkbcommon's mask: bit `i` is modifier index `i`.
  public var mask: UInt32
  /// The names of the modifiers in the set, in index order.
  public var names: [String]

  /// Creates a set from a mask and the keymap's names, which must match.
  public init(mask: UInt32, names: [String]) {
    self.mask = mask
    self.names = names
  }

  /// The modifier indices in the set, ascending.
  public var indices: [Int] { (0..<32).filter { mask & (1 << UInt32($0)) != 0 } }

  /// Whether the set is empty.
  public var isEmpty: Bool { mask == 0 }

  /// Whether the modifier with this name is in the set.
  public func contains(_ name: String) -> Bool { names.contains(name) }

  /// The names joined with `+`, or `-` for the empty set.
  public var description: String { names.isEmpty ? "-" : names.joined(separator: "+") }
}

extension Keymap {
  /// The set of modifiers a mask holds, named from this keymap.
  public func modifiers(mask: UInt32) -> ModifierSet {
    let all = modifierNames
    let names = all.indices.filter { $0 < 32 && mask & (1 << UInt32($0)) != 0 }.map { all[$0] }
    return ModifierSet(mask: mask, names: names)
  }
}
