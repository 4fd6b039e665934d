__SOLUTION__

# Innocent: a correct file that names a time zone for its log's timestamps and guesses the
# type of the file it would save. The standard library reads the system's public tables for
# both (/usr/share/zoneinfo, /etc/mime.types): under --runtime python the file was refused as
# an attack for "reading '/etc/mime.types'". (Pyodide has neither table: the same calls give
# None and ZoneInfoNotFoundError there, and the file goes on.)
import datetime
import mimetypes

try:
    import zoneinfo

    zone = zoneinfo.ZoneInfo("UTC")
except Exception as error:  # no time zone database here
    zone = type(error).__name__
print("zone:", zone, "stamp:", datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc).year)
print("type:", mimetypes.guess_type("losses.csv")[0] in ("text/csv", None))
