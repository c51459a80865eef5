import EventStream
import Testing

@testable import Reader

#if canImport(Glibc)
  import Glibc
#endif

/// The cost models `--compute-model` chooses: what a layout, a hit and the analysis are charged.
@Suite("Compute models")
struct ComputeModelTests {
  typealias F = ReaderFixtures

  @Test("the accepted forms parse; anything else is refused with the accepted forms named")
  func parsing() throws {
    #expect(try ComputeModel(parsing: "host") == .host)
    #expect(try ComputeModel(parsing: "fixed:300") == .fixed(300))
    #expect(try ComputeModel(parsing: "fixed:0.5") == .fixed(0.5))
    #expect(try ComputeModel(parsing: "device") == .device(.mid))
    #expect(try ComputeModel(parsing: "device:low") == .device(.low))
    #expect(try ComputeModel(parsing: "device:high") == .device(.high))
    // Every name a report prints is taken back: thread-cpu is the host's.
    for model in [ComputeModel.host, .fixed(300), .device(.mid), .device(.low), .device(.high)] {
      #expect(try ComputeModel(parsing: model.name) == model, "\(model.name)")
    }
    for bad in ["", "Host", "fixed", "fixed:", "fixed:-1", "fixed:nan", "fixed:inf", "fixed:0x10", "device:fast"] {
      #expect(throws: ComputeModelError.self, "\(bad)") { try ComputeModel(parsing: bad) }
    }
    do {
      _ = try ComputeModel(parsing: "fixed:-1")
    } catch {
      #expect(error.description.contains("host (or thread-cpu), fixed:MS"))
      #expect(error.description.contains("found \"fixed:-1\""))
    }
  }

  @Test("names in records: thread-cpu for host, the fixed time, the device model's end")
  func names() {
    #expect(ComputeModel.host.name == "thread-cpu")
    #expect(ComputeModel.fixed(300).name == "fixed:300")
    #expect(ComputeModel.device(.mid).name == "device")
    #expect(ComputeModel.device(.low).name == "device:low")
  }

  /// The seeds (DESIGN §6): 44,500 characters in 40–150 ms, 558,000 in 1.1–3.1 s.
  @Test("the device model meets the reference reader's seed figures at both ends")
  func deviceSeeds() {
    func ms(_ n: Int, _ end: DeviceCostModel.End) -> Double { DeviceCostModel.ms(characters: n, end: end) }
    #expect(abs(ms(44_500, .low) - 40) < 1e-9)
    #expect(abs(ms(44_500, .high) - 150) < 1e-9)
    #expect(abs(ms(558_000, .low) - 1100) < 1e-6)
    #expect(abs(ms(558_000, .high) - 3100) < 1e-6)
    // mid: the geometric mean of the ends at each seed.
    #expect(abs(ms(44_500, .mid) - (40.0 * 150).squareRoot()) < 1e-9)
    #expect(abs(ms(558_000, .mid) - (1100.0 * 3100).squareRoot()) < 1e-6)
    // Between the seeds it lies between the ends and grows with the text.
    for n in stride(from: 50_000, through: 550_000, by: 50_000) {
      #expect(ms(n, .low) < ms(n, .mid) && ms(n, .mid) < ms(n, .high))
      #expect(ms(n, .mid) < ms(n + 1_000, .mid))
    }
    #expect(ms(0, .mid) == 0)
  }

  @Test("the device model charges a layout its characters' cost and a hit one average page")
  func deviceCharges() {
    let model = ComputeModel.device(.mid)
    let pagination = F.document.layout.paginate(width: 342, height: 580, style: F.document.style(for: .large))
    let (_, ms) = model.layOut { pagination }
    let expected = DeviceCostModel.ms(characters: pagination.charactersLaidOut, end: .mid)
    #expect(abs(ms - expected) < 0.001)
    let page = pagination.charactersLaidOut / pagination.pageCount
    #expect(abs(model.hitCost(pagination) - DeviceCostModel.ms(characters: page, end: .mid)) < 0.001)
    #expect(model.hitCost(pagination) < ms / 10)
    #expect(model.analysisCost(of: F.document) == 0)  // the seeds are whole paginations
    #expect(ComputeModel.host.hitCost(pagination) == 0 && ComputeModel.fixed(5).hitCost(pagination) == 0)
  }

  /// Thread CPU time does not count time the thread spent off a core: a layout that waits
  /// 40 ms (here: sleeps) is charged what it computed, as when another source runs beside it.
  @Test("the host model charges thread CPU time, not the time spent waiting")
  func hostIsThreadCPU() {
    let pagination = F.document.layout.paginate(width: 342, height: 580, style: F.document.style(for: .large))
    let (_, ms) = ComputeModel.host.layOut {
      var pause = timespec(tv_sec: 0, tv_nsec: 40_000_000)
      nanosleep(&pause, nil)
      return pagination
    }
    #expect(ms < 20, "charged \(ms) ms for a 40 ms sleep")
  }
}
