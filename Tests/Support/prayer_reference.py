#!/usr/bin/env python3
"""Prayer times from adhanpy, the reference Charflow's own computation is checked against (rule F-8).

Usage: prayer_reference.py REQUEST.json

REQUEST.json: {"cases": [{"id": "...", "latitude": 51.5, "longitude": -0.12, "timezone": "Europe/London",
                          "method": "mwl", "asr": "standard", "highLatitude": "middle",
                          "adjustments": {"fajr": 0, ...}, "first": "2026-01-01", "days": 365,
                          "local": false}, ...]}

`method` takes Charflow's words. adhanpy has ten of the twelve methods under its own names, with its own
angles and minutes; Tehran and Turkey it lacks, so they are given as custom parameters with the angles and
minutes docs/prayers.md states (Tehran's 4.5 degree Maghrib from adhanpy's own solar hour angle).
Umm al-Qura's Isha is 30 minutes later in Ramadan, as adhanpy's documentation says to add, the month read
from the Umm al-Qura calendar of `hijridate`.

Printed on stdout as JSON, one process for every case:

  {"ok": true, "adhanpy": "1.0.5", "ephem": "4.2.1",
   "cases": {"<id>": [[fajr, sunrise, dhuhr, asr, maghrib, isha, asrNoon, ramadan, fajrNear, ishaNear]
                      or null, ...]}}

one list a day from `first`, times in Unix seconds, rounded as adhanpy rounds. A day adhanpy cannot
compute (it raises where the sun does not rise or set) is null. With "local": true each list also carries
the six times as "YYYY-MM-DD HH:MM" on the zone's wall clock (zoneinfo).

`asrNoon` is Asr with the noon shadow taken from the sun's declination at the transit, by adhanpy's own
solar coordinates and hour angle: adhanpy's `asr` takes the declination at 0h UT of the date instead.

`fajrNear` and `ishaNear` are null except on the nights when the sun's deepest depression is within
`NEAR` degrees of the method's Fajr or Isha angle, or the sun crosses the angle slower than `SLOW`
degrees an hour (late twilight far from the equator): there the time of the angle changes by minutes for
a hundredth of a degree, and adhanpy's single correction of its hour angle is up to minutes off (it can
even decide the angle is never reached on a night it is), as PyEphem shows. On those nights they are [time, bound, depth]: the
time by adhanpy's own rule with the angle's instant from PyEphem (VSOP87, refraction off, the sun's
centre) in place of adhanpy's; the time by the rule's bound alone, as if the angle were never reached;
and PyEphem's depression of the sun, in degrees, at the deepest of that night.
See docs/prayers.md, "How the times are checked".

Exit status: 0 when it ran, 2 on bad usage, 3 when a module is missing
(pip install adhanpy hijridate ephem).
"""

import json
import math
import sys
from datetime import date, datetime, timedelta, timezone


def fail(status, message):
    print(json.dumps({"ok": False, "problems": [message]}))
    sys.exit(status)


try:
    from zoneinfo import ZoneInfo
    from importlib.metadata import version
    from adhanpy.PrayerTimes import PrayerTimes
    from adhanpy.astronomy.SolarTime import SolarTime
    from adhanpy.astronomy.SolarCoordinates import SolarCoordinates
    from adhanpy.astronomy.CalendricalHelper import julian_day
    from adhanpy.calculation.CalculationMethod import CalculationMethod
    from adhanpy.calculation.CalculationParameters import CalculationParameters
    from adhanpy.calculation.HighLatitudeRule import HighLatitudeRule
    from adhanpy.calculation.Madhab import Madhab
    from adhanpy.calculation.PrayerAdjustments import PrayerAdjustments
    from adhanpy.data.Coordinates import Coordinates
    from adhanpy.util.CalendarUtil import rounded_minute
    from adhanpy.util.DateComponents import DateComponents
    from adhanpy.util.TimeComponents import TimeComponents
    from adhanpy.calculation.Twilight import season_adjusted_evening_twilight, season_adjusted_morning_twilight
    from hijridate import Gregorian
    import ephem
except ImportError as error:
    fail(3, f"a module is missing: {error}; pip install adhanpy hijridate ephem")

NAMED = {
    "mwl": CalculationMethod.MUSLIM_WORLD_LEAGUE,
    "isna": CalculationMethod.NORTH_AMERICA,
    "egypt": CalculationMethod.EGYPTIAN,
    "umm-al-qura": CalculationMethod.UMM_AL_QURA,
    "karachi": CalculationMethod.KARACHI,
    "gulf": CalculationMethod.DUBAI,
    "kuwait": CalculationMethod.KUWAIT,
    "qatar": CalculationMethod.QATAR,
    "singapore": CalculationMethod.SINGAPORE,
    "moonsighting": CalculationMethod.MOON_SIGHTING_COMMITTEE,
}
# Not in adhanpy: the angles and minutes of docs/prayers.md.
CUSTOM = {
    "tehran": {"fajr_angle": 17.7, "isha_angle": 14.0, "maghrib_angle": 4.5, "minutes": {}},
    "turkey": {"fajr_angle": 18.0, "isha_angle": 17.0, "maghrib_angle": None,
               "minutes": {"sunrise": -7, "dhuhr": 5, "asr": 4, "maghrib": 7}},
}
RULES = {
    "middle": HighLatitudeRule.MIDDLE_OF_THE_NIGHT,
    "seventh": HighLatitudeRule.SEVENTH_OF_THE_NIGHT,
    "angle": HighLatitudeRule.TWILIGHT_ANGLE,
}
SHADOW = {"standard": 1.0, "hanafi": 2.0}
PRAYERS = ["fajr", "sunrise", "dhuhr", "asr", "maghrib", "isha"]
# PyEphem gives the instant of a twilight angle on the nights when the sun's deepest depression is within
# NEAR degrees of it, or the sun crosses it slower than SLOW degrees an hour (see near_threshold).
NEAR = 1.0
SLOW = 4.0


def parameters(case, ramadan):
    adjustments = dict(case.get("adjustments") or {})
    if case["method"] == "umm-al-qura" and ramadan:
        adjustments["isha"] = adjustments.get("isha", 0) + 30
    user = PrayerAdjustments(**{name: adjustments.get(name, 0) for name in PRAYERS})
    if case["method"] in NAMED:
        params = CalculationParameters(method=NAMED[case["method"]], adjustments=user)
    else:
        custom = CUSTOM[case["method"]]
        params = CalculationParameters(adjustments=user, method_adjustments=PrayerAdjustments(**custom["minutes"]),
                                       fajr_angle=custom["fajr_angle"], isha_angle=custom["isha_angle"])
    params.madhab = Madhab.HANAFI if case["asr"] == "hanafi" else Madhab.SHAFI
    params.high_latitude_rule = RULES[case["highLatitude"]]
    return params


def at(components, hours):
    """adhanpy's instant for `hours` after 0h UT of the date, or None."""
    time = TimeComponents.from_float(hours)
    return None if time is None else time.date_components(components)


def asr_at_noon_declination(case, components, solar, params):
    """Asr with the noon shadow from the declination at the transit (adhanpy's coordinates and hour angle)."""
    noon = SolarCoordinates(julian_day(components.year, components.month, components.day) + solar.transit / 24)
    zenith = abs(case["latitude"] - noon.declination)
    angle = math.degrees(math.atan(1.0 / (SHADOW[case["asr"]] + math.tan(math.radians(zenith)))))
    instant = at(components, solar.hour_angle(angle, True))
    if instant is None:
        return None
    minutes = params.adjustments.asr + params.method_adjustments.asr
    return rounded_minute(instant + timedelta(minutes=minutes))


def tehran_maghrib(case, components, solar, times, params):
    """Maghrib at 4.5 degrees below the horizon when that falls between sunset and Isha."""
    instant = at(components, solar.hour_angle(-CUSTOM["tehran"]["maghrib_angle"], True))
    sunset = at(components, solar.sunset)
    if instant is None or not (sunset < instant < times.isha):
        return times.maghrib
    return rounded_minute(instant + timedelta(minutes=params.adjustments.maghrib))


def depression(components, solar, latitude, offset):
    """Degrees below the horizon of the sun at the antitransit `offset` (-0.5 or 0.5) days from the transit."""
    jd = julian_day(components.year, components.month, components.day) + solar.transit / 24 + offset
    return 90 - abs(latitude + SolarCoordinates(jd).declination)


def sinking_speed(case, solar, angle, evening):
    """Degrees an hour the sun's altitude changes at adhanpy's instant of `angle` (0 when it has none)."""
    hours = solar.hour_angle(-angle, evening)
    if hours is None or math.isnan(hours):
        return 0.0
    hour_angle = math.radians((hours - solar.transit) * 15)
    latitude, declination = math.radians(case["latitude"]), math.radians(solar.solar.declination)
    return 15 * math.cos(latitude) * math.cos(declination) * abs(math.sin(hour_angle))


def ephem_night(case, day, angle, evening):
    """PyEphem's instant of the sun's centre at `angle` degrees below the horizon before (morning) or after
    the transit (None when it never is), and the depression in degrees at the deepest of that night."""
    observer = ephem.Observer()
    observer.lat, observer.lon = str(case["latitude"]), str(case["longitude"])
    observer.pressure, observer.elevation = 0, 0
    observer.horizon = str(-angle)
    sun = ephem.Sun()
    observer.date = ephem.Date(datetime(day.year, day.month, day.day))
    transit = observer.next_transit(sun)
    observer.date = transit
    deepest = observer.next_antitransit(sun) if evening else observer.previous_antitransit(sun)
    observer.date = deepest
    sun.compute(observer)
    depth = -math.degrees(sun.alt)
    observer.date = transit
    try:
        found = observer.next_setting(sun, use_center=True) if evening else observer.previous_rising(sun, use_center=True)
    except (ephem.AlwaysUpError, ephem.NeverUpError):
        return None, depth
    return found.datetime().replace(tzinfo=timezone.utc), depth


def near_threshold(case, day, times, params, components, solar, evening):
    """On a night near the threshold, [adhanpy's Fajr or Isha with PyEphem's instant of the angle, the same
    with no angle (the rule's bound alone), PyEphem's deepest depression]; else None."""
    moonsighting = params.method == CalculationMethod.MOON_SIGHTING_COMMITTEE
    if (evening and params.isha_interval > 0) or (moonsighting and case["latitude"] >= 55):
        return None
    angle = params.isha_angle if evening else params.fajr_angle
    near = abs(depression(components, solar, case["latitude"], 0.5 if evening else -0.5) - angle) < NEAR
    if not near and sinking_speed(case, solar, angle, evening) >= SLOW:
        return None
    by_angle, depth = ephem_night(case, day, angle, evening)
    if evening:
        if moonsighting:
            bound = season_adjusted_evening_twilight(case["latitude"], times._day_of_year, day.year, times._sunset_components)
        else:
            bound = times._sunset_components + timedelta(seconds=int(params.night_portions().isha * times.night_length / 1000))
        chosen = bound if by_angle is None or by_angle > bound else by_angle
        minutes = params.adjustments.isha + params.method_adjustments.isha
    else:
        if moonsighting:
            bound = season_adjusted_morning_twilight(case["latitude"], times._day_of_year, day.year, times._sunrise_components)
        else:
            bound = times._sunrise_components - timedelta(seconds=int(params.night_portions().fajr * times.night_length / 1000))
        chosen = bound if by_angle is None or by_angle < bound else by_angle
        minutes = params.adjustments.fajr + params.method_adjustments.fajr
    final = [rounded_minute(t + timedelta(minutes=minutes)) for t in (chosen, bound)]
    return [int(final[0].timestamp()), int(final[1].timestamp()), round(depth, 4)]


def one_day(case, day, zone):
    ramadan = case["method"] == "umm-al-qura" and Gregorian(day.year, day.month, day.day).to_hijri().month == 9
    params = parameters(case, ramadan)
    coordinates = (case["latitude"], case["longitude"])
    try:
        times = PrayerTimes(coordinates, datetime(day.year, day.month, day.day), calculation_parameters=params)
    except (RuntimeError, ValueError, OverflowError):
        return None
    components = DateComponents(day.year, day.month, day.day)
    # The day's solar time adhanpy already computed, or the same again.
    solar = getattr(times, "_solar_time", None) or SolarTime(components, Coordinates(*coordinates))
    asr_noon = asr_at_noon_declination(case, components, solar, params)
    maghrib = tehran_maghrib(case, components, solar, times, params) if case["method"] == "tehran" else times.maghrib
    instants = [times.fajr, times.sunrise, times.dhuhr, times.asr, maghrib, times.isha]
    row = [int(t.timestamp()) for t in instants]
    row.append(None if asr_noon is None else int(asr_noon.timestamp()))
    row.append(ramadan)
    row.append(near_threshold(case, day, times, params, components, solar, evening=False))
    row.append(near_threshold(case, day, times, params, components, solar, evening=True))
    if case.get("local"):
        row.append([t.astimezone(zone).strftime("%Y-%m-%d %H:%M") for t in instants])
    return row


def main():
    if len(sys.argv) != 2:
        fail(2, "usage: prayer_reference.py REQUEST.json")
    with open(sys.argv[1], encoding="utf-8") as handle:
        request = json.load(handle)
    result = {}
    for case in request["cases"]:
        if case["method"] not in NAMED and case["method"] not in CUSTOM:
            fail(2, f"unknown method {case['method']}")
        zone = ZoneInfo(case["timezone"])
        first = date.fromisoformat(case["first"])
        result[case["id"]] = [one_day(case, first + timedelta(days=n), zone) for n in range(case["days"])]
    print(json.dumps({"ok": True, "adhanpy": version("adhanpy"), "ephem": version("ephem"), "cases": result}, separators=(",", ":")))


if __name__ == "__main__":
    main()
