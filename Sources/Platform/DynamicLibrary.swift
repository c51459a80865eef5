#if canImport(Glibc)
  import Glibc
#endif

/// A shared library opened at run time, so a command maps only the libraries it uses: the
/// typesetter's, poppler's and libevdev's are not linked into `hingesim` but opened by the
/// first call that needs them (`docs/architecture.md`, "Linking").
///
/// C calls: `dlopen` (`RTLD_LAZY | RTLD_LOCAL`: symbols bound when first called, none added to
/// the global scope), `dlsym`, `dlerror`. A library stays open for the life of the process.
///
/// ```swift
/// let library = try DynamicLibrary.open("libhyphen.so.0", package: "libhyphen0")
/// let free: @convention(c) (OpaquePointer?) -> Void = try library.function("hnj_hyphen_free")
/// ```
public struct DynamicLibrary: @unchecked Sendable {
  /// The name it was opened by (a soname such as `libharfbuzz.so.0`).
  public let name: String
  /// The Debian package that installs it, for the error message.
  public let package: String
  private let handle: UnsafeMutableRawPointer

  /// Opens `name` the way the dynamic loader finds a dependency (`LD_LIBRARY_PATH`, the
  /// executable's run path, the system's library directories).
  /// - Throws: `LibraryUnavailable` with `dlerror`'s reason when it is missing or not loadable.
  public static func open(_ name: String, package: String) throws(LibraryUnavailable) -> DynamicLibrary {
    guard let handle = dlopen(name, RTLD_LAZY | RTLD_LOCAL) else {
      throw LibraryUnavailable(library: name, package: package, reason: lastError() ?? "dlopen failed")
    }
    return DynamicLibrary(name: name, package: package, handle: handle)
  }

  /// The address of the function `symbol` as the C function type `F`
  /// (`@convention(c) (…) -> …`; the caller states the type the library's header declares).
  /// - Throws: `LibraryUnavailable` when the library has no such symbol (an older version).
  public func function<F>(_ symbol: String) throws(LibraryUnavailable) -> F {
    precondition(
      MemoryLayout<F>.size == MemoryLayout<UnsafeMutableRawPointer>.size,
      "\(symbol): \(F.self) is not a C function pointer type")
    _ = Self.lastError()  // clear a stale error
    guard let address = dlsym(handle, symbol) else {
      throw LibraryUnavailable(
        library: name, package: package, reason: Self.lastError() ?? "undefined symbol: \(symbol)")
    }
    return unsafeBitCast(address, to: F.self)
  }

  /// True when `name` is already mapped into this process (`dlopen` with `RTLD_NOLOAD`, which
  /// opens nothing): `libswiftCore.so` is, unless the Swift runtime was linked statically.
  public static func isLoaded(_ name: String) -> Bool {
    guard let handle = dlopen(name, RTLD_LAZY | RTLD_NOLOAD) else { return false }
    dlclose(handle)
    return true
  }

  private static func lastError() -> String? {
    guard let message = dlerror() else { return nil }
    return String(cString: message)
  }
}

/// A shared library a command needs could not be loaded at run time: not installed, not a
/// library, or too old (a function missing). The CLI reports it as exit 69 (unavailable).
public struct LibraryUnavailable: Error, Sendable, Equatable, CustomStringConvertible {
  /// The library's name (`libpoppler-glib.so.8`).
  public var library: String
  /// The Debian package that installs it (`libpoppler-glib8`).
  public var package: String
  /// What the dynamic loader said (`dlerror`).
  public var reason: String

  /// Makes an error.
  public init(library: String, package: String, reason: String) {
    self.library = library
    self.package = package
    self.reason = reason
  }

  /// `cannot load libpoppler-glib.so.8 (Debian package libpoppler-glib8): …`.
  public var description: String {
    "cannot load \(library) (Debian package \(package)): \(reason)"
  }
}

/// A table of one library's C functions, looked up once, on first use: the type keeps the
/// lookup's result in `shared` (a `static let`, so it runs once and thread-safely) and gets
/// `load()` and `loaded` from here.
///
/// ```swift
/// struct Hyphen: LibraryFunctions {
///   let free: @convention(c) (UnsafeMutablePointer<HyphenDict>?) -> Void  // hnj_hyphen_free
///   static let shared = Result { () throws(LibraryUnavailable) in
///     let library = try DynamicLibrary.open("libhyphen.so.0", package: "libhyphen0")
///     return Hyphen(free: try library.function("hnj_hyphen_free"))
///   }
/// }
/// ```
public protocol LibraryFunctions {
  /// The table, or why the library could not be loaded.
  static var shared: Result<Self, LibraryUnavailable> { get }
}

extension LibraryFunctions {
  /// The table, the library opened now if it is not yet.
  /// - Throws: `LibraryUnavailable` when it is not installed or lacks a function.
  public static func load() throws(LibraryUnavailable) -> Self { try shared.get() }

  /// The table, for code that only runs after a `load()` succeeded (a type whose initialiser
  /// loads it); calling it before is a programming error.
  public static var loaded: Self {
    guard case .success(let functions) = shared else {
      preconditionFailure("\(Self.self) is called before it was loaded")
    }
    return functions
  }
}
