// The push-endpoint policy (issue 50), pure: which endpoints the server may store and send to, and
// which resolved addresses make a push service's name refused. No name is resolved here.
import { checkEndpointPattern, isNonPublicAddress, pushEndpointAllowed } from "@/lib/alerts/push-endpoint";

describe("checkEndpointPattern", () => {
  test.each([
    ["https://fcm.googleapis.com/fcm/send/cYkq3lZw0-E:APA91bGz3vC1oR5zQ8m", "fcm.googleapis.com"],
    ["https://fcm.googleapis.com/wp/dGhpcyBpcyBhIHRva2Vu", "fcm.googleapis.com"],
    ["https://android.googleapis.com/gcm/send/APA91bE8mQ4vN2xL6pR0t", "android.googleapis.com"],
    ["https://updates.push.services.mozilla.com/wpush/v2/gAAAAABnK7Qh3s9m", "updates.push.services.mozilla.com"],
    ["https://updates.push.services.mozilla.com/wpush/v1/gAAAAABnK7Qh3s9m", "updates.push.services.mozilla.com"],
    ["https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD3kL9zX2c", "wns2-par02p.notify.windows.com"],
    ["https://web.push.apple.com/QGuQyavXutnMH3d9mL2vR8tY1uI4o", "web.push.apple.com"],
    ["https://api.push.apple.com/QGuQyavXutnMH3d9m", "api.push.apple.com"],
    ["https://FCM.googleapis.com:443/fcm/send/x", "fcm.googleapis.com"],
  ])("accepts %s (host %s)", (endpoint, host) => {
    expect(checkEndpointPattern(endpoint)).toEqual({ ok: true, host, extra: false });
  });

  test.each([
    ["http://fcm.googleapis.com/fcm/send/x", /https/],
    ["not a url", /not a URL/],
    ["https://127.0.0.1:6379/", /IP address/],
    ["https://169.254.169.254/latest/meta-data/", /IP address/],
    ["https://10.0.0.5:8443/admin/reset", /IP address/],
    ["https://2130706433/", /IP address/],
    ["https://0x7f.0.0.1/", /IP address/],
    ["https://0177.0.0.01/", /IP address/],
    ["https://127.1/", /IP address/],
    ["https://[::1]/", /IP address/],
    ["https://[::ffff:7f00:1]/", /IP address/],
    ["https://[fe80::1]/", /IP address/],
    ["https://localhost/x", /localhost/],
    ["https://LOCALHOST./x", /localhost/],
    ["https://a.b.localhost/x", /localhost/],
    ["https://fcm.googleapis.com:8443/x", /default port/],
    ["https://u:p@fcm.googleapis.com/x", /user name/],
    ["https://fcm.googleapis.com.evil.example/x", /push service/],
    ["https://evilfcm.googleapis.com/x", /push service/],
    ["https://googleapis.com/x", /push service/],
    ["https://mozilla.com/x", /push service/],
    ["https://evilnotify.windows.com/x", /push service/],
    ["https://notify.windows.com.evil.example/x", /push service/],
    ["https://apple.com/x", /push service/],
    ["https://fcm.googleapis.com./fcm/send/x", /push service/],
    ["https://fcm.goo\u0261leapis.com/x", /push service/],
  ])("refuses %s", (endpoint, reason) => {
    const verdict = checkEndpointPattern(endpoint);
    expect(verdict.ok).toBe(false);
    expect(verdict.ok ? "" : verdict.reason).toMatch(reason);
  });

  test("an origin the deployer lists is admitted exactly (scheme, host and port), whatever address it names", () => {
    const extra = ["https://127.0.0.1:8443", "https://push.internal.example"];
    expect(checkEndpointPattern("https://127.0.0.1:8443/push/1", extra)).toEqual({ ok: true, host: "127.0.0.1", extra: true });
    expect(checkEndpointPattern("https://push.internal.example/p", extra)).toEqual({ ok: true, host: "push.internal.example", extra: true });
    expect(pushEndpointAllowed("https://127.0.0.1:8444/push/1", extra)).toBe(false);
    expect(pushEndpointAllowed("https://127.0.0.1/push/1", extra)).toBe(false);
    expect(pushEndpointAllowed("https://sub.push.internal.example/p", extra)).toBe(false);
    expect(pushEndpointAllowed("https://user@127.0.0.1:8443/push/1", extra)).toBe(false);
    expect(pushEndpointAllowed("https://127.0.0.1:8443/push/1")).toBe(false);
  });
});

describe("isNonPublicAddress", () => {
  test.each([
    "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "100.127.255.255",
    "0.0.0.0", "192.0.0.8", "198.18.0.1", "224.0.0.1", "255.255.255.255",
    "::", "::1", "fe80::1", "FE80::abcd", "fc00::1", "fd12:3456::1", "fec0::1", "ff02::1", "2001:db8::1", "100::1",
    "::ffff:127.0.0.1", "::ffff:10.0.0.1", "::ffff:a9fe:a9fe", "64:ff9b::a00:1", "::127.0.0.1", "fe80::1%eth0",
    "not an address", "",
  ])("%s is not public", (address) => {
    expect(isNonPublicAddress(address)).toBe(true);
  });

  test.each(["142.250.74.106", "8.8.8.8", "172.15.0.1", "172.32.0.1", "100.63.0.1", "100.128.0.1", "2607:f8b0:4004:c07::5f", "2a00:1450:4001::200e", "::ffff:8.8.8.8", "64:ff9b::808:808"])(
    "%s is public",
    (address) => {
      expect(isNonPublicAddress(address)).toBe(false);
    },
  );
});
