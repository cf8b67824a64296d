#!/usr/bin/env python3
"""Checks one HTTP response of `walkthrough serve` against its OpenAPI 3.1 document.

Usage: check_response.py DOCUMENT METHOD PATH STATUS CONTENT-TYPE BODY-FILE

PATH may carry a query (left out when matching); CONTENT-TYPE may be empty (no header) and may
carry parameters (`application/json; charset=utf-8`); BODY-FILE is a file holding the body's
bytes, or `-` for standard input.

The operation is found by path template (`/v1/walkthroughs/{id}`: a `{name}` stands for one
segment; among templates that match, the one with the most literal segments wins) and method;
its response by the status, else its class (`4XX`), else `default`. A response that declares no
content must have an empty body; otherwise the content type must be one it declares, and a JSON
one (`application/json`, `…+json`) is parsed and validated against the declared schema with
jsonschema's Draft 2020-12 validator, `$ref`s resolved in the document.

Exit 0 when the response conforms; 1, printing the first problem on standard output, when it
does not; 2, on standard error, when the check itself cannot run (bad arguments, an unreadable
or invalid document).
"""
import json
import sys

from jsonschema import Draft202012Validator
from jsonschema.exceptions import best_match
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

DOCUMENT_URI = "urn:walkthrough-serve:openapi"


def escape(token):
    """A JSON Pointer reference token (RFC 6901)."""
    return token.replace("~", "~0").replace("/", "~1")


def segments(path):
    return path.split("/")[1:]


def find_path(document, path):
    """The template of the paths entry that matches `path`, or None."""
    wanted = segments(path)
    best, best_literals = None, -1
    for template in document.get("paths", {}):
        parts = segments(template)
        if len(parts) != len(wanted):
            continue
        literals = 0
        for part, segment in zip(parts, wanted):
            if part.startswith("{") and part.endswith("}"):
                if not segment:
                    break
            elif part == segment:
                literals += 1
            else:
                break
        else:
            if literals > best_literals:
                best, best_literals = template, literals
    return best


def resolve(document, value, pointer):
    """`value` found at `pointer`, or what its `$ref`s (within the document) lead to, with the
    JSON Pointer of what it returns."""
    while isinstance(value, dict) and "$ref" in value:
        reference = value["$ref"]
        if not reference.startswith("#/"):
            raise ValueError("a reference outside the document: " + reference)
        pointer, value = reference[1:], document
        for token in reference[2:].split("/"):
            value = value[token.replace("~1", "/").replace("~0", "~")]
    return value, pointer


def check(document, method, path, status, content_type, body):
    """None when the response conforms, else the first problem, as a sentence."""
    path = path.split("?", 1)[0]
    template = find_path(document, path)
    if template is None:
        return "no path of the document matches %s" % path
    item = document["paths"][template]
    operation = item.get(method.lower())
    if operation is None:
        return "%s has no %s operation" % (template, method.upper())
    responses = operation.get("responses", {})
    key = next(
        (k for k in (str(status), str(status)[0] + "XX", "default") if k in responses), None
    )
    if key is None:
        return "%s %s does not document the status %s (it documents %s)" % (
            method.upper(),
            template,
            status,
            ", ".join(responses),
        )
    response, pointer = resolve(
        document,
        responses[key],
        "".join(
            "/" + escape(token)
            for token in ["paths", template, method.lower(), "responses", key]
        ),
    )
    content = response.get("content")
    where = "%s %s %s" % (method.upper(), template, key)
    if not content:
        if body:
            return "%s declares no body, but %d bytes came" % (where, len(body))
        return None
    media = content_type.split(";", 1)[0].strip().lower()
    if media not in content:
        return "%s declares %s, not the Content-Type %r" % (
            where,
            " or ".join(content),
            content_type,
        )
    if not (media == "application/json" or media.endswith("+json")):
        return None
    try:
        instance = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, ValueError) as error:
        return "%s: the body is not JSON (%s)" % (where, error)
    if "schema" not in content[media]:
        return None
    pointer += "/content/" + escape(media) + "/schema"
    registry = Registry().with_resource(
        DOCUMENT_URI, Resource.from_contents(document, default_specification=DRAFT202012)
    )
    validator = Draft202012Validator(
        {"$ref": DOCUMENT_URI + "#" + pointer}, registry=registry
    )
    error = best_match(validator.iter_errors(instance))
    if error is None:
        return None
    location = "".join("[%s]" % json.dumps(part) for part in error.absolute_path)
    return "%s: body%s: %s" % (where, location, error.message)


def main(arguments):
    if len(arguments) != 6:
        sys.stderr.write(__doc__.split("\n\n")[1] + "\n")
        return 2
    document_path, method, path, status, content_type, body_path = arguments
    try:
        with open(document_path, encoding="utf-8") as file:
            document = json.load(file)
        if body_path == "-":
            body = sys.stdin.buffer.read()
        else:
            with open(body_path, "rb") as file:
                body = file.read()
        status = int(status)
    except (OSError, ValueError) as error:
        sys.stderr.write("check_response.py: %s\n" % error)
        return 2
    problem = check(document, method, path, status, content_type, body)
    if problem is None:
        return 0
    print(problem)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
