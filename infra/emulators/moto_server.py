"""moto's server, with its state dump made robust for the dev mailbox.

The dev mailbox (and the tests) read the e-mails SES was asked to send from moto's
`/moto-api/data.json`. moto 5.1 builds that dump by reading every attribute of every
model it ever created, and some S3 objects (multipart parts) raise moto's own 404
errors when read, which turns the whole dump into a 404. This launcher skips such
attributes, as moto already does for attributes that are not JSON.

`?service=ses` limits the dump to one service: the whole dump reads every S3 object and
SQS message ever made, which grows with a test run until each read of the mailbox takes
seconds.

Usage: python infra/emulators/moto_server.py -H 127.0.0.1 -p 4566
"""

import json
import sys
from urllib.parse import parse_qs, urlparse

from moto.moto_api._internal import responses
from moto.server import main


def model_data(self, request, full_url, headers):
    from moto.core.model_instances import model_data as models

    wanted = parse_qs(urlparse(full_url).query).get("service")
    results = {}
    for service in sorted(models):
        if wanted and service not in wanted:
            continue
        results[service] = {}
        for name in sorted(models[service]):
            instances = []
            for instance in models[service][name].instances_tracked:
                fields = {}
                for attribute in dir(instance):
                    if attribute.startswith("_"):
                        continue
                    try:
                        # A snapshot: moto serves requests on other threads, and a dict
                        # checked here (an upload's parts) may gain a non-JSON value
                        # before the final dump.
                        value = json.loads(json.dumps(getattr(instance, attribute)))
                    except Exception:  # not JSON, or moto raising for a vanished parent
                        continue
                    fields[attribute] = value
                instances.append(fields)
            results[service][name] = instances
    return 200, {"Content-Type": "application/javascript"}, json.dumps(results)


responses.MotoAPIResponse.model_data = model_data

if __name__ == "__main__":
    sys.exit(main())
