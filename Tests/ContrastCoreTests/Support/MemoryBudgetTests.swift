import Foundation
import Testing

@testable import ContrastCore

@Suite struct MemoryBudgetTests {
  @Test func aReservationIsHeldUntilItsLeaseGoesAndCanShrink() {
    let budget = MemoryBudget(bytes: 1_000)
    var lease = budget.reserve(600)
    #expect(lease != nil && budget.bytesInUse == 600)
    lease?.shrink(to: 250)
    #expect(budget.bytesInUse == 250 && lease?.count == 250)
    lease?.shrink(to: 900)
    #expect(budget.bytesInUse == 250)
    lease = nil
    #expect(budget.bytesInUse == 0)
    #expect(budget.peakBytesInUse == 600)
  }

  @Test func moreThanTheWholeBudgetIsRefusedAtOnce() {
    let budget = MemoryBudget(bytes: 1_000)
    let held = budget.reserve(900)
    #expect(budget.reserve(1_001) == nil)
    #expect(budget.bytesInUse == 900)
    withExtendedLifetime(held) {}
  }

  @Test func aReservationThatDoesNotFitWaitsForOthersToBeGivenBack() async {
    let budget = MemoryBudget(bytes: 1_000)
    var first = budget.reserve(700)
    let started = Date()
    let waiter = Task.detached { () -> Int in
      let lease = budget.reserve(500)
      return lease?.count ?? -1
    }
    try? await Task.sleep(nanoseconds: 100_000_000)
    #expect(budget.bytesInUse == 700)
    first = nil
    #expect(await waiter.value == 500)
    #expect(Date().timeIntervalSince(started) >= 0.1)
    #expect(first == nil && budget.bytesInUse == 0)
  }

  @Test func workersSharingABudgetNeverHoldMoreThanIt() {
    let budget = MemoryBudget(bytes: 10_000)
    DispatchQueue.concurrentPerform(iterations: 8) { worker in
      var random = SeededGenerator(seed: UInt64(worker + 1))
      for _ in 0..<200 {
        let lease = budget.reserve(Int(random.next() % 6_000) + 1)
        #expect(budget.bytesInUse <= budget.bytes)
        withExtendedLifetime(lease) {}
      }
    }
    #expect(budget.bytesInUse == 0)
    #expect(budget.peakBytesInUse <= 10_000)
  }

  @Test func byteCountsReadWithUnitsAndShowRounded() {
    #expect(MemoryBudget.parseBytes("1048576") == 1_048_576)
    #expect(MemoryBudget.parseBytes("512M") == 512 << 20)
    #expect(MemoryBudget.parseBytes("2G") == 2 << 30)
    #expect(MemoryBudget.parseBytes("2 GiB") == 2 << 30)
    #expect(MemoryBudget.parseBytes("3gb") == 3 << 30)
    #expect(MemoryBudget.parseBytes("1T") == 1 << 40)
    for bad in ["", "0", "-1G", "G", "2X", "1.5G", "99999999999999999999", "9999999999T"] {
      #expect(MemoryBudget.parseBytes(bad) == nil, "\(bad)")
    }
    #expect(MemoryBudget.format(512) == "512 bytes")
    #expect(MemoryBudget.format(1_536) == "1.5 KiB")
    #expect(MemoryBudget.format(2 << 30) == "2 GiB")
    #expect(MemoryBudget.format(1_296_236_266) == "1.2 GiB")
    #expect(MemoryBudget.format(300 << 20) == "300 MiB")
  }
}
