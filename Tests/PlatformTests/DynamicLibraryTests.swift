import Platform
import Testing

/// `DynamicLibrary` opens a library by name, hands out its functions as the C types the caller
/// states, and names the library, its Debian package and the loader's reason when it cannot.
@Suite struct DynamicLibraryTests {
  @Test("a function looked up in libm computes as libm's own")
  func callsAFunction() throws {
    let libm = try DynamicLibrary.open("libm.so.6", package: "libc6")
    let hypot: @convention(c) (Double, Double) -> Double = try libm.function("hypot")
    #expect(hypot(3, 4) == 5)
    let copysign: @convention(c) (Double, Double) -> Double = try libm.function("copysign")
    #expect(copysign(3, -0.5) == -3)
  }

  @Test("a missing library: the error names it, its package and the loader's reason")
  func missingLibrary() {
    #expect {
      _ = try DynamicLibrary.open("libhingesim-absent.so.7", package: "hingesim-absent7")
    } throws: { error in
      guard let error = error as? LibraryUnavailable else { return false }
      return error.library == "libhingesim-absent.so.7" && error.package == "hingesim-absent7"
        && error.reason.contains("libhingesim-absent.so.7")
        && error.description.hasPrefix("cannot load libhingesim-absent.so.7 (Debian package hingesim-absent7): ")
    }
  }

  @Test("a function the library lacks: the error names the symbol")
  func missingSymbol() throws {
    let libm = try DynamicLibrary.open("libm.so.6", package: "libc6")
    #expect {
      let _: @convention(c) (Double) -> Double = try libm.function("hingesim_absent_function")
    } throws: { error in
      guard let error = error as? LibraryUnavailable else { return false }
      return error.library == "libm.so.6" && error.reason.contains("hingesim_absent_function")
    }
  }

  @Test("isLoaded says whether a library is mapped, and maps none")
  func isLoaded() {
    #expect(DynamicLibrary.isLoaded("libc.so.6"))
    #expect(!DynamicLibrary.isLoaded("libhingesim-absent.so.7"))
    // glibc's libanl is installed everywhere and used by nothing here: asking leaves it unloaded.
    #expect(!DynamicLibrary.isLoaded("libanl.so.1"))
    #expect(!DynamicLibrary.isLoaded("libanl.so.1"))
  }
}
