#include "crypto.h"

#include <sodium.h>

#include <stdexcept>
#include <vector>

namespace evo::app {

namespace {

std::string hex(const unsigned char* data, std::size_t size) {
    std::string text(size * 2 + 1, '\0');
    sodium_bin2hex(text.data(), text.size(), data, size);
    text.pop_back();
    return text;
}

} // namespace

PasswordCost interactive_password_cost() {
    return {crypto_pwhash_OPSLIMIT_INTERACTIVE, crypto_pwhash_MEMLIMIT_INTERACTIVE};
}

PasswordCost minimal_password_cost() {
    return {crypto_pwhash_OPSLIMIT_MIN, crypto_pwhash_MEMLIMIT_MIN};
}

void init_account_crypto() {
    if (sodium_init() < 0) throw std::runtime_error("libsodium cannot be initialised");
}

std::string hash_password(const std::string& password, const PasswordCost& cost) {
    init_account_crypto();
    char hash[crypto_pwhash_STRBYTES];
    if (crypto_pwhash_str_alg(hash, password.data(), password.size(), cost.operations,
                              cost.memory_bytes, crypto_pwhash_ALG_ARGON2ID13) != 0)
        throw std::runtime_error("out of memory while hashing a password");
    return hash;
}

bool password_matches(const std::string& password, const std::string& hash) {
    init_account_crypto();
    return crypto_pwhash_str_verify(hash.c_str(), password.data(), password.size()) == 0;
}

std::string random_hex(std::size_t bytes) {
    init_account_crypto();
    std::vector<unsigned char> data(bytes);
    randombytes_buf(data.data(), data.size());
    return hex(data.data(), data.size());
}

std::string new_secret_token() {
    return random_hex(32);
}

std::string token_digest(const std::string& token) {
    init_account_crypto();
    unsigned char digest[32];
    crypto_generichash(digest, sizeof digest, reinterpret_cast<const unsigned char*>(token.data()),
                       token.size(), nullptr, 0);
    return hex(digest, sizeof digest);
}

} // namespace evo::app
