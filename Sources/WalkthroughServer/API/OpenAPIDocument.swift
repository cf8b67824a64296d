/// The OpenAPI 3.1 document of `walkthrough serve`: every route, its parameters, its answers
/// and their JSON schemas, OFREP v0.3.0's two evaluations included.
///
/// The one home of the document: the server answers `GET /v1/openapi.json` with these bytes,
/// and `docs/openapi.json` holds the same (a test compares them byte for byte;
/// `UPDATE_GOLDEN=1` rewrites the file from here). The schemas say exactly what the server
/// writes, so that the tests can check real answers against them
/// (`Tests/WalkthroughServerTests/Reference/check_response.py`): an object takes other members
/// only where the contract leaves room (OFREP's `metadata`, the evaluation context).
package enum OpenAPIDocument {
    /// The document, as served (`application/json`, UTF-8, ending with a line break).
    package static let json: String = #"""
        {
          "openapi": "3.1.0",
          "info": {
            "title": "walkthrough serve",
            "version": "1.0.0",
            "summary": "WalkthroughKit's engine over HTTP: OFREP and the /v1 routes.",
            "description": "Evaluations follow the OpenFeature Remote Evaluation Protocol (OFREP) v0.3.0: each walkthrough is a boolean flag, true when due. The `/v1` routes answer JSON, and their errors are RFC 9457 problems. Every route but the images, this document, the web client and the health checks needs `Authorization: Bearer`: a `service` key, an `admin` key, or a user token (a JSON Web Token signed HS256, `sub` the user).",
            "license": {"name": "Apache 2.0", "identifier": "Apache-2.0"}
          },
          "servers": [{"url": "/"}],
          "security": [{"bearerAuth": []}],
          "tags": [
            {"name": "OFREP", "description": "OpenFeature Remote Evaluation Protocol v0.3.0."},
            {"name": "Walkthroughs", "description": "The definitions served."},
            {"name": "Users", "description": "What users did, one user at a time."},
            {"name": "Admin", "description": "Resets and stats: an `admin` key only."},
            {"name": "Service", "description": "The server itself: no credentials."}
          ],
          "paths": {
            "/ofrep/v1/evaluate/flags/{key}": {
              "post": {
                "tags": ["OFREP"],
                "operationId": "evaluateFlag",
                "summary": "Evaluate one walkthrough as a boolean flag",
                "description": "OFREP v0.3.0's single evaluation. The flag key is a walkthrough id; `value` is true when the walkthrough is due for the user named by `context.targetingKey`. Evaluating records nothing.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {
                    "name": "key",
                    "in": "path",
                    "required": true,
                    "description": "The flag key: a walkthrough id.",
                    "schema": {"type": "string"}
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/EvaluationRequest"}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "The evaluation.",
                    "content": {
                      "application/json": {
                        "schema": {"$ref": "#/components/schemas/EvaluationSuccess"}
                      }
                    }
                  },
                  "400": {
                    "description": "The body is not JSON (`PARSE_ERROR`), has no `targetingKey` (`TARGETING_KEY_MISSING`), or names a user the store refuses (`INVALID_CONTEXT`).",
                    "content": {
                      "application/json": {
                        "schema": {"$ref": "#/components/schemas/EvaluationFailure"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {
                    "description": "No walkthrough has this id (`FLAG_NOT_FOUND`).",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/FlagNotFound"}}
                    }
                  },
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer: the client falls back to its default (false: never shown by mistake).",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/GeneralError"}}
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/ofrep/v1/evaluate/flags": {
              "post": {
                "tags": ["OFREP"],
                "operationId": "evaluateFlagsBulk",
                "summary": "Evaluate every walkthrough served",
                "description": "OFREP v0.3.0's bulk evaluation: one answer per walkthrough served. The `ETag` covers the answers and the next moment one of them changes by time alone; `If-None-Match` with it gives 304. Evaluating records nothing.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {
                    "name": "If-None-Match",
                    "in": "header",
                    "required": false,
                    "description": "The `ETag` of an earlier bulk answer.",
                    "schema": {"type": "string"}
                  }
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {
                      "schema": {"$ref": "#/components/schemas/EvaluationRequest"}
                    }
                  }
                },
                "responses": {
                  "200": {
                    "description": "Every walkthrough's evaluation.",
                    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
                    "content": {
                      "application/json": {
                        "schema": {"$ref": "#/components/schemas/BulkEvaluationSuccess"}
                      }
                    }
                  },
                  "304": {
                    "description": "Nothing changed since the `ETag` given: no body.",
                    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}
                  },
                  "400": {
                    "description": "The body is not JSON (`PARSE_ERROR`), has no `targetingKey` (`TARGETING_KEY_MISSING`), or names a user the store refuses (`INVALID_CONTEXT`).",
                    "content": {
                      "application/json": {
                        "schema": {"$ref": "#/components/schemas/BulkEvaluationFailure"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/GeneralError"}}
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/walkthroughs": {
              "get": {
                "tags": ["Walkthroughs"],
                "operationId": "listWalkthroughs",
                "summary": "The walkthroughs served",
                "security": [{"bearerAuth": []}],
                "responses": {
                  "200": {
                    "description": "Every walkthrough served, by id.",
                    "content": {
                      "application/json": {
                        "schema": {
                          "type": "array",
                          "items": {"$ref": "#/components/schemas/WalkthroughSummary"}
                        }
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/walkthroughs/{id}": {
              "get": {
                "tags": ["Walkthroughs"],
                "operationId": "showWalkthrough",
                "summary": "A walkthrough as a user would be shown it now",
                "description": "The pages the user would be shown, in the language negotiated from `locale`, with the experiment's variant and the page to resume on.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/WalkthroughID"},
                  {
                    "name": "user",
                    "in": "query",
                    "required": false,
                    "description": "The user (a user token's `sub` when left out).",
                    "schema": {"$ref": "#/components/schemas/UserName"}
                  },
                  {
                    "name": "locale",
                    "in": "query",
                    "required": false,
                    "description": "A BCP 47 language tag (`zh-Hant`).",
                    "schema": {"type": "string"}
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The walkthrough, localized.",
                    "content": {
                      "application/json": {
                        "schema": {"$ref": "#/components/schemas/WalkthroughView"}
                      }
                    }
                  },
                  "400": {
                    "description": "A user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {
                    "description": "No walkthrough has this id.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/walkthroughs/{id}/images/{file}": {
              "get": {
                "tags": ["Walkthroughs"],
                "operationId": "walkthroughImage",
                "summary": "An image a page of the walkthrough names",
                "description": "Only the files the definition names: PNG, JPEG, GIF or WebP. Public, so that an `img` element can load it.",
                "security": [],
                "parameters": [
                  {"$ref": "#/components/parameters/WalkthroughID"},
                  {
                    "name": "file",
                    "in": "path",
                    "required": true,
                    "description": "The image's path as `image` URLs name it.",
                    "schema": {"type": "string"}
                  }
                ],
                "responses": {
                  "200": {
                    "description": "The image's bytes.",
                    "content": {
                      "image/png": {"schema": {"type": "string", "contentMediaType": "image/png"}},
                      "image/jpeg": {
                        "schema": {"type": "string", "contentMediaType": "image/jpeg"}
                      },
                      "image/gif": {"schema": {"type": "string", "contentMediaType": "image/gif"}},
                      "image/webp": {
                        "schema": {"type": "string", "contentMediaType": "image/webp"}
                      }
                    }
                  },
                  "404": {
                    "description": "No walkthrough has this id, or it names no such image.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/walkthroughs/{id}/stats": {
              "get": {
                "tags": ["Admin"],
                "operationId": "walkthroughStats",
                "summary": "The walkthrough's funnel (admin)",
                "description": "What `walkthrough stats --json` prints, for the definition's version.",
                "security": [{"bearerAuth": []}],
                "parameters": [{"$ref": "#/components/parameters/WalkthroughID"}],
                "responses": {
                  "200": {
                    "description": "The funnel.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/FunnelStats"}}
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {
                    "description": "No walkthrough has this id.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/users/{user}/walkthroughs": {
              "delete": {
                "tags": ["Admin"],
                "operationId": "resetUser",
                "summary": "Forget every walkthrough record of the user (admin)",
                "security": [{"bearerAuth": []}],
                "parameters": [{"$ref": "#/components/parameters/User"}],
                "responses": {
                  "200": {
                    "description": "The records removed.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Removed"}}
                    }
                  },
                  "400": {
                    "description": "A user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/users/{user}/walkthroughs/{id}": {
              "get": {
                "tags": ["Users"],
                "operationId": "userRecord",
                "summary": "The user's record of the walkthrough",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/User"},
                  {"$ref": "#/components/parameters/WalkthroughID"}
                ],
                "responses": {
                  "200": {
                    "description": "The record.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Record"}}
                    }
                  },
                  "400": {
                    "description": "A user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {
                    "description": "The user has no record of this walkthrough.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              },
              "delete": {
                "tags": ["Admin"],
                "operationId": "resetUserWalkthrough",
                "summary": "Forget the user's record of the walkthrough (admin)",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/User"},
                  {"$ref": "#/components/parameters/WalkthroughID"}
                ],
                "responses": {
                  "200": {
                    "description": "The records removed (none when there was none).",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Removed"}}
                    }
                  },
                  "400": {
                    "description": "A user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/users/{user}/walkthroughs/{id}/steps": {
              "post": {
                "tags": ["Users"],
                "operationId": "recordStep",
                "summary": "Record a step of the user's session",
                "description": "The same write as the command line's, events and summaries included. Answered only once durable; idempotent by the step's `id`: sending a step again changes nothing and answers the record.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/User"},
                  {"$ref": "#/components/parameters/WalkthroughID"}
                ],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/Step"}}
                  }
                },
                "responses": {
                  "200": {
                    "description": "The record, once durable.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Record"}}
                    }
                  },
                  "400": {
                    "description": "The body is not a step, or a user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "404": {
                    "description": "No walkthrough has this id.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer: the step is not recorded.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/users/{user}/goals/{name}": {
              "post": {
                "tags": ["Users"],
                "operationId": "recordGoal",
                "summary": "Record that the user reached a goal",
                "description": "A `goal` event: it counts for an experiment when it comes after the user's exposure. Answered once durable.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/User"},
                  {"$ref": "#/components/parameters/Name"}
                ],
                "responses": {
                  "204": {"description": "Recorded."},
                  "400": {
                    "description": "A name or user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer: nothing is recorded.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/users/{user}/events/{name}": {
              "post": {
                "tags": ["Users"],
                "operationId": "donateEvent",
                "summary": "Donate something the user did",
                "description": "Kept per user and name with its time (the newest 1,000), for `when.events` rules. Answered once durable.",
                "security": [{"bearerAuth": []}],
                "parameters": [
                  {"$ref": "#/components/parameters/User"},
                  {"$ref": "#/components/parameters/Name"}
                ],
                "responses": {
                  "204": {"description": "Recorded."},
                  "400": {
                    "description": "A name or user name the store refuses.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "403": {"$ref": "#/components/responses/Forbidden"},
                  "413": {"$ref": "#/components/responses/ContentTooLarge"},
                  "429": {"$ref": "#/components/responses/TooManyRequests"},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "500": {
                    "description": "The store did not answer: nothing is recorded.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  },
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/openapi.json": {
              "get": {
                "tags": ["Service"],
                "operationId": "openAPIDocument",
                "summary": "This document",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The OpenAPI 3.1 document (the same bytes as docs/openapi.json).",
                    "content": {"application/json": {"schema": {"type": "object"}}}
                  },
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/v1/client.js": {
              "get": {
                "tags": ["Service"],
                "operationId": "webClient",
                "summary": "The web client, an ES module",
                "description": "`showIfDue(id, {server, token, locale})`; the same file as `walkthrough export --client`. With an `ETag`; an origin given with `--allow-origin` may import it.",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The module.",
                    "content": {"text/javascript": {"schema": {"type": "string"}}}
                  },
                  "304": {"description": "`If-None-Match` named the module's `ETag`."},
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/healthz": {
              "get": {
                "tags": ["Service"],
                "operationId": "health",
                "summary": "Alive",
                "security": [],
                "responses": {
                  "200": {
                    "description": "The server answers.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Health"}}
                    }
                  },
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {"$ref": "#/components/responses/ServiceUnavailable"}
                }
              }
            },
            "/readyz": {
              "get": {
                "tags": ["Service"],
                "operationId": "ready",
                "summary": "Definitions loaded and the store answering",
                "security": [],
                "responses": {
                  "200": {
                    "description": "Ready. `invalid` names each file whose last good version is served in its place.",
                    "content": {
                      "application/json": {"schema": {"$ref": "#/components/schemas/Readiness"}}
                    }
                  },
                  "431": {"$ref": "#/components/responses/HeaderFieldsTooLarge"},
                  "503": {
                    "description": "Not ready: the store does not answer or no definition is loaded; `detail` says which.",
                    "content": {
                      "application/problem+json": {
                        "schema": {"$ref": "#/components/schemas/Problem"}
                      }
                    }
                  }
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearerAuth": {
                "type": "http",
                "scheme": "bearer",
                "description": "A `service` key (evaluates and writes for any user), an `admin` key (also resets and reads stats), or a user token: a JSON Web Token signed HS256 with `userTokens.secret`, `sub` the user, `exp` required, `iss` checked when configured; it reads and writes its `sub`'s state only."
              }
            },
            "parameters": {
              "WalkthroughID": {
                "name": "id",
                "in": "path",
                "required": true,
                "description": "A walkthrough id.",
                "schema": {"$ref": "#/components/schemas/ID"}
              },
              "User": {
                "name": "user",
                "in": "path",
                "required": true,
                "description": "The user (percent-encoded); a user token may name only its `sub`.",
                "schema": {"$ref": "#/components/schemas/UserName"}
              },
              "Name": {
                "name": "name",
                "in": "path",
                "required": true,
                "description": "The goal's or the event's name (the id rules).",
                "schema": {"$ref": "#/components/schemas/ID"}
              }
            },
            "headers": {
              "ETag": {
                "description": "Over the answers and the next moment one of them changes by time alone.",
                "required": true,
                "schema": {"type": "string"}
              },
              "WWW-Authenticate": {
                "description": "`Bearer`, with `error=\"invalid_token\"` when a token was refused (RFC 6750).",
                "required": true,
                "schema": {"type": "string", "pattern": "^Bearer"}
              },
              "Retry-After": {
                "description": "Seconds to wait.",
                "required": true,
                "schema": {"type": "integer", "minimum": 1}
              }
            },
            "responses": {
              "Unauthorized": {
                "description": "No credentials, or credentials that are not a key or a valid user token.",
                "headers": {"WWW-Authenticate": {"$ref": "#/components/headers/WWW-Authenticate"}},
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              },
              "Forbidden": {
                "description": "A user token asking about another user, or a key that may not do this (resets and stats need an admin key).",
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              },
              "ContentTooLarge": {
                "description": "A body over 64 KiB.",
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              },
              "TooManyRequests": {
                "description": "A user token past 100 requests a second.",
                "headers": {"Retry-After": {"$ref": "#/components/headers/Retry-After"}},
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              },
              "HeaderFieldsTooLarge": {
                "description": "A header section over 16 KiB.",
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              },
              "ServiceUnavailable": {
                "description": "Past `--max-connections`, or stopping.",
                "content": {
                  "application/problem+json": {"schema": {"$ref": "#/components/schemas/Problem"}}
                }
              }
            },
            "schemas": {
              "EvaluationRequest": {
                "description": "OFREP's evaluation request.",
                "type": "object",
                "required": ["context"],
                "properties": {"context": {"$ref": "#/components/schemas/EvaluationContext"}}
              },
              "EvaluationContext": {
                "description": "`targetingKey` is the user; `locale` chooses the language of `title` and `detail`; any other attribute stands for a variable of the `env` rule.",
                "type": "object",
                "required": ["targetingKey"],
                "properties": {
                  "targetingKey": {"type": "string"},
                  "locale": {"type": "string", "description": "A BCP 47 language tag."}
                },
                "additionalProperties": true
              },
              "EvaluationSuccess": {
                "description": "A walkthrough evaluated as a boolean flag. Due: `value` true, `reason` `TARGETING_MATCH`, `variant` `due`. Not due: `value` false, `variant` the reason (`seen`, `env`, `notYet`, `expired`, `waitingFor`, `maxShows`, `quietPeriod`, `events`, `snoozed`, `budget`, `quietHours`, ...). In an experiment: `reason` `SPLIT`, `variant` the variant's id or `holdout`. Quiet on the server (`WALKTHROUGH_DISABLE`, the policy): `reason` `DISABLED`, `value` false.",
                "type": "object",
                "required": ["key", "value", "reason", "variant"],
                "properties": {
                  "key": {"type": "string", "description": "The walkthrough's id."},
                  "value": {"type": "boolean", "description": "Whether the walkthrough is due."},
                  "reason": {"$ref": "#/components/schemas/Reason"},
                  "variant": {"type": "string"},
                  "metadata": {"$ref": "#/components/schemas/FlagMetadata"}
                },
                "additionalProperties": false
              },
              "Reason": {
                "description": "OFREP v0.3.0's reasons.",
                "type": "string",
                "enum": ["STATIC", "TARGETING_MATCH", "SPLIT", "DISABLED", "UNKNOWN"]
              },
              "FlagMetadata": {
                "description": "Open, as in OFREP: strings, numbers and booleans. The server sets `version`, `pages` (the count that would be shown), `title` (localized), `detail` (the reason's sentence) and, when time alone will change the answer, `dueAt`.",
                "type": "object",
                "properties": {
                  "version": {"type": "integer", "minimum": 1},
                  "pages": {"type": "integer", "minimum": 0},
                  "title": {"type": "string"},
                  "detail": {"type": "string"},
                  "dueAt": {"$ref": "#/components/schemas/Timestamp"}
                },
                "additionalProperties": {"type": ["string", "number", "boolean"]}
              },
              "EvaluationFailure": {
                "description": "OFREP's evaluation failure.",
                "type": "object",
                "required": ["key", "errorCode"],
                "properties": {
                  "key": {"type": "string"},
                  "errorCode": {
                    "type": "string",
                    "enum": ["PARSE_ERROR", "TARGETING_KEY_MISSING", "INVALID_CONTEXT", "GENERAL"]
                  },
                  "errorDetails": {"type": "string"},
                  "metadata": {"$ref": "#/components/schemas/FlagMetadata"}
                },
                "additionalProperties": false
              },
              "FlagNotFound": {
                "description": "OFREP's answer for an unknown flag key.",
                "type": "object",
                "required": ["key", "errorCode"],
                "properties": {
                  "key": {"type": "string"},
                  "errorCode": {"type": "string", "enum": ["FLAG_NOT_FOUND"]},
                  "errorDetails": {"type": "string"},
                  "metadata": {"$ref": "#/components/schemas/FlagMetadata"}
                },
                "additionalProperties": false
              },
              "BulkEvaluationSuccess": {
                "description": "OFREP's bulk answer: one item per walkthrough served.",
                "type": "object",
                "required": ["flags"],
                "properties": {
                  "flags": {
                    "type": "array",
                    "items": {
                      "oneOf": [
                        {"$ref": "#/components/schemas/EvaluationSuccess"},
                        {"$ref": "#/components/schemas/EvaluationFailure"}
                      ]
                    }
                  },
                  "metadata": {"$ref": "#/components/schemas/FlagMetadata"}
                },
                "additionalProperties": false
              },
              "BulkEvaluationFailure": {
                "description": "OFREP's answer when the whole bulk request fails.",
                "type": "object",
                "required": ["errorCode"],
                "properties": {
                  "errorCode": {
                    "type": "string",
                    "enum": ["PARSE_ERROR", "TARGETING_KEY_MISSING", "INVALID_CONTEXT", "GENERAL"]
                  },
                  "errorDetails": {"type": "string"}
                },
                "additionalProperties": false
              },
              "GeneralError": {
                "description": "OFREP's answer to an unexpected failure (500).",
                "type": "object",
                "required": ["errorDetails"],
                "properties": {
                  "key": {"type": "string"},
                  "errorCode": {"type": "string", "enum": ["GENERAL"]},
                  "errorDetails": {"type": "string"}
                },
                "additionalProperties": false
              },
              "Problem": {
                "description": "An RFC 9457 problem (`application/problem+json`).",
                "type": "object",
                "required": ["type", "title", "status", "detail"],
                "properties": {
                  "type": {"type": "string", "format": "uri-reference"},
                  "title": {"type": "string", "description": "The status's reason phrase."},
                  "status": {"type": "integer", "minimum": 400, "maximum": 599},
                  "detail": {
                    "type": "string",
                    "description": "What was wrong with this request, and what to do."
                  },
                  "instance": {"type": "string", "format": "uri-reference"}
                },
                "additionalProperties": false
              },
              "WalkthroughSummary": {
                "type": "object",
                "required": ["id", "version", "title", "pages"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/ID"},
                  "version": {"type": "integer", "minimum": 1},
                  "title": {"type": ["string", "null"]},
                  "pages": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "How many pages it has."
                  }
                },
                "additionalProperties": false
              },
              "WalkthroughView": {
                "description": "A walkthrough as one user would be shown it now.",
                "type": "object",
                "required": [
                  "id",
                  "version",
                  "title",
                  "locale",
                  "layout",
                  "navigation",
                  "skippable",
                  "finishLabel",
                  "variant",
                  "startPage",
                  "pages"
                ],
                "properties": {
                  "id": {"$ref": "#/components/schemas/ID"},
                  "version": {"type": "integer", "minimum": 1},
                  "title": {"type": ["string", "null"]},
                  "locale": {"type": "string", "description": "The language tag shown."},
                  "layout": {"$ref": "#/components/schemas/Layout"},
                  "navigation": {"type": "string", "enum": ["free", "linear"]},
                  "skippable": {"type": "boolean"},
                  "finishLabel": {
                    "type": ["string", "null"],
                    "description": "The last page's button, when the definition names it (null: the player's own, \"Get Started\")."
                  },
                  "variant": {
                    "type": ["string", "null"],
                    "description": "The user's variant in the walkthrough's experiment, if any."
                  },
                  "startPage": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The page to start on, from 1: where the user stopped."
                  },
                  "pages": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"$ref": "#/components/schemas/PageView"}
                  }
                },
                "additionalProperties": false
              },
              "Layout": {
                "type": "object",
                "required": ["spread", "orientation", "transition"],
                "properties": {
                  "spread": {"type": "string", "enum": ["never", "auto", "always"]},
                  "orientation": {"type": "string", "enum": ["horizontal", "vertical"]},
                  "transition": {"type": "string", "enum": ["none", "scroll"]}
                },
                "additionalProperties": false
              },
              "PageView": {
                "type": "object",
                "required": ["id", "page", "heading", "content", "image", "alt"],
                "properties": {
                  "id": {"type": "string"},
                  "page": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "The page's position in the definition, from 1, as steps and `lastPage` count."
                  },
                  "heading": {"type": "string"},
                  "content": {"type": "string"},
                  "image": {
                    "type": ["string", "null"],
                    "description": "A URL under `/v1/walkthroughs/{id}/images/`.",
                    "pattern": "^(https?://[^/]+)?/v1/walkthroughs/[^/]+/images/.+$"
                  },
                  "alt": {"type": ["string", "null"]}
                },
                "additionalProperties": false
              },
              "Step": {
                "description": "One step of a session, as the web client records it.",
                "type": "object",
                "required": ["id", "step", "page", "version"],
                "properties": {
                  "id": {
                    "type": "string",
                    "format": "uuid",
                    "description": "Chosen by the client: the same step sent twice is recorded once."
                  },
                  "step": {
                    "type": "string",
                    "enum": ["started", "page", "finished", "skipped", "snoozed", "interrupted"]
                  },
                  "page": {"type": "integer", "minimum": 1, "description": "The page, from 1."},
                  "version": {"type": "integer", "minimum": 1}
                },
                "additionalProperties": false
              },
              "Record": {
                "description": "A user's record of a walkthrough, as `walkthrough status --json` prints it.",
                "type": "object",
                "required": ["user", "walkthrough", "version", "outcome", "lastPage", "updatedAt"],
                "properties": {
                  "user": {"$ref": "#/components/schemas/UserName"},
                  "walkthrough": {"$ref": "#/components/schemas/ID"},
                  "version": {"type": "integer", "minimum": 1},
                  "outcome": {
                    "type": "string",
                    "enum": ["completed", "skipped", "inProgress", "snoozed"]
                  },
                  "lastPage": {"type": "integer", "minimum": 1, "description": "From 1."},
                  "updatedAt": {"$ref": "#/components/schemas/Timestamp"},
                  "snoozedUntil": {
                    "description": "Only when `outcome` is `snoozed`: not due before this time.",
                    "$ref": "#/components/schemas/Timestamp"
                  }
                },
                "additionalProperties": false
              },
              "Removed": {
                "type": "object",
                "required": ["removed"],
                "properties": {
                  "removed": {"type": "array", "items": {"$ref": "#/components/schemas/Record"}}
                },
                "additionalProperties": false
              },
              "FunnelStats": {
                "description": "Who started the walkthrough, how they ended, and where each page lost them.",
                "type": "object",
                "required": [
                  "walkthrough",
                  "version",
                  "users",
                  "completed",
                  "skipped",
                  "inProgress",
                  "completionRate",
                  "medianSecondsToComplete",
                  "pages"
                ],
                "properties": {
                  "walkthrough": {"$ref": "#/components/schemas/ID"},
                  "version": {"type": "integer", "minimum": 1},
                  "users": {"type": "integer", "minimum": 0},
                  "completed": {"type": "integer", "minimum": 0},
                  "skipped": {"type": "integer", "minimum": 0},
                  "inProgress": {"type": "integer", "minimum": 0},
                  "completionRate": {
                    "type": ["number", "null"],
                    "minimum": 0,
                    "maximum": 1,
                    "description": "`completed` / `users`; null when nobody started it."
                  },
                  "medianSecondsToComplete": {
                    "type": ["number", "null"],
                    "minimum": 0,
                    "description": "Null when nobody completed it."
                  },
                  "pages": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["page", "id", "reached", "dropped"],
                      "properties": {
                        "page": {"type": "integer", "minimum": 1},
                        "id": {"type": ["string", "null"]},
                        "reached": {"type": "integer", "minimum": 0},
                        "dropped": {"type": "integer", "minimum": 0}
                      },
                      "additionalProperties": false
                    }
                  }
                },
                "additionalProperties": false
              },
              "Health": {
                "type": "object",
                "required": ["status"],
                "properties": {"status": {"type": "string", "enum": ["ok"]}},
                "additionalProperties": false
              },
              "Readiness": {
                "type": "object",
                "required": ["status", "walkthroughs", "invalid"],
                "properties": {
                  "status": {"type": "string", "enum": ["ready"]},
                  "walkthroughs": {
                    "type": "integer",
                    "minimum": 1,
                    "description": "How many are served."
                  },
                  "invalid": {
                    "type": "array",
                    "items": {
                      "type": "object",
                      "required": ["file", "problem"],
                      "properties": {"file": {"type": "string"}, "problem": {"type": "string"}},
                      "additionalProperties": false
                    }
                  }
                },
                "additionalProperties": false
              },
              "ID": {
                "description": "A walkthrough id: 1 to 64 letters, digits, `.`, `_` or `-`, starting with a letter or digit.",
                "type": "string",
                "pattern": "^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$"
              },
              "UserName": {
                "description": "1 to 256 bytes of UTF-8, no control characters or bidirectional controls.",
                "type": "string",
                "minLength": 1,
                "maxLength": 256
              },
              "Timestamp": {
                "description": "RFC 3339 (the store writes UTC with milliseconds: `2026-11-30T22:47:03.123Z`).",
                "type": "string",
                "format": "date-time",
                "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?(Z|[+-][0-9]{2}:[0-9]{2})$"
              }
            }
          }
        }

        """#
}
