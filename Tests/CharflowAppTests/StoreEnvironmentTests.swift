import CharflowApp
import CharflowCore
import CharflowTestSupport
import Foundation
import Testing

@Suite("Opening a store from the environment")
struct StoreEnvironmentTests {
    @Test("The store is --db, then CHARFLOW_DB, then the XDG data folder")
    func storePath() {
        let environment = ["CHARFLOW_DB": "/tmp/a.sqlite", "HOME": "/home/u", "XDG_DATA_HOME": "/data"]
        expectEqual(StoreEnvironment.storePath("/tmp/b.sqlite", environment), "/tmp/b.sqlite")
        expectEqual(StoreEnvironment.storePath(nil, environment), "/tmp/a.sqlite")
        expectEqual(StoreEnvironment.storePath(nil, ["HOME": "/home/u", "XDG_DATA_HOME": "/data"]), "/data/charflow/charflow.sqlite")
        expectEqual(StoreEnvironment.storePath(nil, ["HOME": "/home/u", "XDG_DATA_HOME": "relative"]), "/home/u/.local/share/charflow/charflow.sqlite")
    }

    @Test("TZ names the zone, with or without a leading colon or the zoneinfo folder; a TZ naming none is refused")
    func zone() throws {
        try expectEqual(StoreEnvironment.timeZone(["TZ": "America/New_York"]).identifier, "America/New_York")
        try expectEqual(StoreEnvironment.timeZone(["TZ": ":Europe/Berlin"]).identifier, "Europe/Berlin")
        try expectEqual(StoreEnvironment.timeZone(["TZ": "/usr/share/zoneinfo/Asia/Tokyo"]).identifier, "Asia/Tokyo")
        #expect(throws: InputError.self) { try StoreEnvironment.timeZone(["TZ": "Mars/Olympus"]) }
        #expect(throws: InputError.emptyStorePath) { try StoreEnvironment(environment: [:], storeOption: "") }
    }

    @Test("The first weekday follows the locale: Sunday for en_US, Monday for en_GB and for C")
    func firstWeekday() {
        expectEqual(StoreEnvironment.localeFirstWeekday(["LANG": "en_US.UTF-8"]), .sunday)
        expectEqual(StoreEnvironment.localeFirstWeekday(["LC_TIME": "en_GB.UTF-8", "LANG": "en_US.UTF-8"]), .monday)
        expectEqual(StoreEnvironment.localeFirstWeekday(["LANG": "C.UTF-8"]), .monday)
    }
}
