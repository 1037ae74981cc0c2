/* arbiter_referee.h: a turn-based game referee in-process, behind a plain C
 * ABI, for referee testers and host programs in any language (dlopen, FFI).
 *
 * The caller owns the bots and the clock; the referee owns the rules. Per
 * global turn: if arbiter_referee_receives_input(), send the text of
 * arbiter_referee_input() for arbiter_referee_current_player() to that
 * player's bot, then pass its answer line to arbiter_referee_apply() (NULL
 * when the bot gave no answer: late, crashed or stopped); otherwise call
 * arbiter_referee_apply(r, NULL). Repeat until arbiter_referee_is_over().
 *
 * Implemented for JavaChallenge2015 by examples/referees/inprocess_referee.cc
 * (libjc2015_referee.so), on arbiter's engine built with its test mutants:
 * the scenario's rule "mutant" (or the environment variable
 * ARBITER_REFEREE_MUTANT) selects a deliberate referee bug. No function
 * aborts or throws; none is thread-safe on one referee object, distinct
 * objects are independent. */
#ifndef ARBITER_REFEREE_H_
#define ARBITER_REFEREE_H_

#include <stddef.h>

#if defined(__GNUC__)
#define ARBITER_REFEREE_API __attribute__((visibility("default")))
#else
#define ARBITER_REFEREE_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef struct arbiter_referee arbiter_referee;

/* A new game from a scenario document (docs/scenario.md), e.g.
 *   {"game": "jc2015", "seed": 7, "rules": {"turn_limit": 200, "mutant": "stun-one-turn-short"}}
 * or with "players": [{"row": 4, "col": 9, "dir": "D"}, ...] instead of the
 * seed. Answer lines in "actions", if any, are played at once. On error
 * returns NULL and writes a message into `error` (NUL-terminated, truncated
 * to error_cap bytes; error may be NULL). */
ARBITER_REFEREE_API arbiter_referee* arbiter_referee_create(const char* scenario_json, char* error,
                                                            size_t error_cap);

/* The player to move; -1 once the game is over. */
ARBITER_REFEREE_API int arbiter_referee_current_player(const arbiter_referee* r);

/* 1 when the player to move is sent an input this turn, 0 when not (it has
 * fallen, or the game is over). */
ARBITER_REFEREE_API int arbiter_referee_receives_input(const arbiter_referee* r);

/* The exact input `player` would be sent on the current turn. Returns its
 * full length in bytes and, like snprintf, writes at most cap - 1 bytes of it
 * and a terminating NUL into buf (nothing when cap is 0): the text is complete
 * when the result is < cap. Returns 0 for a player id out of range. */
ARBITER_REFEREE_API size_t arbiter_referee_input(const arbiter_referee* r, int player, char* buf,
                                                 size_t cap);

/* Plays the current player's answer line (without its '\n') and advances to
 * the next turn; NULL means no answer at all. Ignored once the game is over. */
ARBITER_REFEREE_API void arbiter_referee_apply(arbiter_referee* r, const char* line);

/* 1 once the game is over, else 0. */
ARBITER_REFEREE_API int arbiter_referee_is_over(const arbiter_referee* r);

/* The winner's id once the game is over; -1 for a draw or while it goes on. */
ARBITER_REFEREE_API int arbiter_referee_winner(const arbiter_referee* r);

/* Frees the referee; NULL is allowed. */
ARBITER_REFEREE_API void arbiter_referee_destroy(arbiter_referee* r);

#ifdef __cplusplus
}
#endif

#endif /* ARBITER_REFEREE_H_ */
