"""Evaluates walkthroughs with the OpenFeature Python SDK and its OFREP provider.

Usage: ofrep_client.py BASE_URL KEY FLAG:USER ...  (USER empty: no targeting key)

Prints one line per evaluation: flag, user, value, reason, variant, error code (or -),
and the metadata's pages (or -), separated by spaces.
"""
import sys

from openfeature import api
from openfeature.contrib.provider.ofrep import OFREPProvider
from openfeature.evaluation_context import EvaluationContext

base, key = sys.argv[1], sys.argv[2]
api.set_provider(OFREPProvider(base, headers_factory=lambda: {"Authorization": "Bearer " + key}))
client = api.get_client()
for spec in sys.argv[3:]:
    flag, _, user = spec.partition(":")
    context = EvaluationContext(targeting_key=user) if user else EvaluationContext()
    details = client.get_boolean_details(flag, False, context)
    error = details.error_code.value if details.error_code else "-"
    pages = details.flag_metadata.get("pages", "-") if details.flag_metadata else "-"
    print(flag, user or "-", details.value, details.reason, details.variant, error, pages)
