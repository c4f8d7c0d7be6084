import CharflowCore
import CharflowTestSupport
import Testing

@Suite("A hub's address as shown: never its password (Y-27)")
struct HubAddressTests {
    @Test("Y-27 a URI loses the password of its user part and any password parameter, and keeps the rest",
          arguments: [
              ("postgresql://me:s3cret@db.example:5433/charflow", "postgresql://me@db.example:5433/charflow"),
              ("postgres://me:p%40ss@host/db?sslmode=require&password=x", "postgres://me@host/db?sslmode=require"),
              ("postgresql://me@host/db?password=x", "postgresql://me@host/db"),
              ("postgresql://host/db", "postgresql://host/db"),
          ])
    func uri(_ given: String, _ shown: String) {
        expectEqual(HubAddress.shown(given), shown)
    }

    @Test("Y-27 a key=value string loses its password pair, quoted, spaced or escaped",
          arguments: [
              ("host=db port=5432 password=s3cret dbname=charflow", "host=db port=5432 dbname=charflow"),
              ("host=db password='two words' user=me", "host=db user=me"),
              ("host=db password = s3cret user=me", "host=db user=me"),
              ("host=db password= s3cret user=me", "host=db user=me"),
              ("host=db PASSWORD=x\\ y user=me", "host=db user=me"),
              ("host=db user=me", "host=db user=me"),
          ])
    func pairs(_ given: String, _ shown: String) {
        expectEqual(HubAddress.shown(given), shown)
        expectLacks(HubAddress.shown(given), "s3cret")
    }
}
